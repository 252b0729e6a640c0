/**
 * Calls that arrive in one turn of the event loop share one statement, as picks do
 * (docs/decisions/031-picks-share-a-statement.md): `run` answers a batch item by item, in order. At
 * most `inFlight` statements are out at once; what arrives meanwhile goes in the next. A batch whose
 * statement fails is tried again item by item, so an error is only its own item's.
 */
export function batched<I, R>(
  run: (items: I[]) => Promise<R[]>,
  { max = 64, inFlight = 3 }: { max?: number; inFlight?: number } = {},
): (item: I) => Promise<R> {
  interface Waiting {
    item: I;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let scheduled = false;
  let out = 0;

  const answer = async (batch: Waiting[]) => {
    let results: R[];
    try {
      results = await run(batch.map((w) => w.item));
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else await Promise.all(batch.map((w) => answer([w])));
      return;
    }
    for (const [i, w] of batch.entries()) w.resolve(results[i] as R);
  };

  const flush = () => {
    scheduled = false;
    while (waiting.length > 0 && out < inFlight) {
      const batch = waiting.slice(0, max);
      waiting = waiting.slice(max);
      out++;
      void answer(batch).finally(() => {
        out--;
        schedule();
      });
    }
  };

  const schedule = () => {
    if (scheduled || waiting.length === 0 || out >= inFlight) return;
    scheduled = true;
    setImmediate(flush);
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      schedule();
    });
}
