import { z } from 'zod';

export const Club = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    primaryColor: z.string(),
    secondaryColor: z.string(),
    logoUrl: z.string().nullable(),
  })
  .meta({ id: 'Club' });
export type Club = z.infer<typeof Club>;

export const ClubQuery = z.object({ slug: z.string().max(100).optional() });
