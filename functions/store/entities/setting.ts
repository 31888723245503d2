import * as z from 'zod';
import { keys } from '../keys';
import { getItem, putItem, type Item } from '../table';

/**
 * A platform setting an administrator changes (`SETTING#name`), one item per name, replaced whole on each change
 * and read consistently (the admin page shows the change it just made). Each setting has its own value schema.
 */
const SETTING = 'SETTING';

/** Version 1; items written before versions were stored have none and read as 1. */
const SETTINGS = {
  /** The monthly platform report e-mail (services/reports/schedule.ts): on or off, and who changed it when. */
  'report-schedule': z.object({
    v: z.literal(1).default(1),
    enabled: z.boolean(),
    updatedAt: z.string(),
    updatedBy: z.string(),
  }),
  /** Maintenance mode (issue 26): while on, no new account is created; the message is shown on sign-in. */
  maintenance: z.object({
    v: z.literal(1).default(1),
    enabled: z.boolean(),
    message: z.string(),
    updatedAt: z.string(),
    updatedBy: z.string(),
  }),
  /** Per-plan token buckets for costly requests (issue 26): tokens per minute and burst. */
  'rate-limits': z.object({
    v: z.literal(1).default(1),
    limits: z.record(z.string(), z.object({ perMinute: z.number(), burst: z.number() })),
    updatedAt: z.string(),
    updatedBy: z.string(),
  }),
  /** Pricing Updates (issue 26): each paid plan's monthly price in whole US dollars. */
  'plan-prices': z.object({
    v: z.literal(1).default(1),
    prices: z.record(z.string(), z.number()),
    updatedAt: z.string(),
    updatedBy: z.string(),
  }),
} as const;

export type SettingName = keyof typeof SETTINGS;
export type SettingValue<N extends SettingName> = Omit<z.infer<(typeof SETTINGS)[N]>, 'v'>;

export function toItem<N extends SettingName>(name: N, value: SettingValue<N>): Item {
  return { ...keys.setting(name), entity: SETTING, v: 1, ...value };
}

export function fromItem<N extends SettingName>(name: N, item: Item): SettingValue<N> {
  const { v: _v, ...value } = (SETTINGS[name] as z.ZodType).parse(item) as { v: 1 } & SettingValue<N>;
  return value as SettingValue<N>;
}

/** The setting as last saved; undefined when it was never set. */
export async function get<N extends SettingName>(name: N): Promise<SettingValue<N> | undefined> {
  const item = await getItem(keys.setting(name), { consistent: true });
  return item && fromItem(name, item);
}

/** Saves the setting, replacing what was there (the last change wins). */
export async function put<N extends SettingName>(name: N, value: SettingValue<N>): Promise<void> {
  await putItem(toItem(name, value));
}
