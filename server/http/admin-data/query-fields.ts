// Query-string fields the admin list routes share (the Businesses table, the Submissions queue): zod
// schemas whose messages name the parameter and its allowed range.
import { z } from 'zod';

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
