import * as z from 'zod';

export const PLAN_IDS = ['trial', 'basic', 'pro', 'enterprise'] as const;
export const planIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planIdSchema>;

/** What `GET /api/auth/user` returns (PRODUCT.md section 3, "User"). */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  subscriptionPlan: planIdSchema,
  subscriptionStatus: z.string(),
  isAdmin: z.boolean(),
  /** In the agent group (issue 23): the site shows the agent console. */
  isAgent: z.boolean().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
