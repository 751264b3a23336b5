import { z } from 'zod';

/** docs/api.md: every success is HTTP 200 with this envelope. */
export function ok<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), message: z.string(), data });
}

export const errorEnvelope = z.object({
  code: z.string(),
  message: z.union([z.string(), z.array(z.string())]),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(2_147_483_647).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export function page<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
