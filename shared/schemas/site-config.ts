import * as z from 'zod';

/**
 * `GET /api/site-config` (public): the deployment's settings the site shows. `supportEmail` is the contact
 * form's inbox (`supportEmail` of the CDK context, locally SUPPORT_EMAIL), so the Help and Contact pages name the
 * same address the messages go to, never one built into the site.
 */
export const siteConfigSchema = z.object({ supportEmail: z.email() });
