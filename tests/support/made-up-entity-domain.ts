import { z } from 'zod';

/**
 * The made-up offline entity's contract, as `domain/<entity>.ts` would hold it (decision 0032):
 * 'crates' of two departments, and the one schema of a new crate that the tablet's command
 * queues and the server's route parses. Never imported by the app.
 */
export const crateDepartments = ['hardware', 'stationery'] as const;

export const crateMessages = {
  labelRequired: 'A crate needs a label',
  countAtLeastOne: 'Count at least one',
  duplicate: 'This crate exists already',
} as const;

export const newCrateSchema = z.object({
  _id: z.uuid(),
  label: z.string().trim().min(1, crateMessages.labelRequired).max(100),
  count: z.number().int().min(1, crateMessages.countAtLeastOne).max(1_000_000),
});
export type NewCrate = z.infer<typeof newCrateSchema>;

/** A crate on the wire (the server's answer and a row of its list). */
export const crateJsonSchema = z.object({
  _id: z.string(),
  label: z.string(),
  count: z.number(),
  updatedAt: z.string().optional(),
});
export type CrateJson = z.infer<typeof crateJsonSchema>;
