DROP INDEX "entries_competition_status_idx";--> statement-breakpoint
DROP INDEX "picks_entry_team_idx";--> statement-breakpoint
DROP INDEX "picks_competition_round_idx";--> statement-breakpoint
CREATE INDEX "entries_competition_idx" ON "entries" USING btree ("competition_id");--> statement-breakpoint
CREATE INDEX "entries_removed_idx" ON "entries" USING btree ("competition_id") WHERE "entries"."removed_from_round" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "picks_competition_round_idx" ON "picks" USING btree ("competition_id","round");--> statement-breakpoint
-- Half of each page kept free: a round's settlement (and a changed pick) updates each row once, in
-- place, as a heap-only update that writes no index entry. Rows written from now on get the room.
ALTER TABLE "entries" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "picks" SET (fillfactor = 50);
