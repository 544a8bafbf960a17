// What the admin routes share in reading a request (the Businesses table, the Submissions queue):
// query fields whose messages name the parameter and its range, the query parsed or a 400 naming the
// first bad parameter, and the :id of the path.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { sendError } from './errors.ts';

/** An optional whole number from min to max, given once (Express parses a repeated one as an array). */
export const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} must be given once, as a whole number` })
    .regex(/^\d{1,12}$/, `${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')}`)
    .transform(Number)
    .refine(
      (n) => n >= min && n <= max,
      `${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')}`,
    )
    .optional();

/** The query parsed by `schema`, or undefined after answering 400 naming the first bad parameter. */
export function parsedQuery<T>(schema: z.ZodType<T>, req: Request, res: Response): T | undefined {
  const parsed = schema.safeParse(req.query);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  sendError(res, 400, 'invalid_parameter', issue?.message ?? 'invalid query parameter', {
    parameter: String(issue?.path[0] ?? ''),
  });
  return undefined;
}

/** The :id of the path (a whole number from 1), or undefined after answering 400. */
export function pathId(req: Request, res: Response): number | undefined {
  const text = String(req.params.id ?? '');
  const id = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!(id >= 1 && Number.isSafeInteger(id))) {
    sendError(res, 400, 'invalid_parameter', 'id must be a whole number from 1', { parameter: 'id' });
    return undefined;
  }
  return id;
}
