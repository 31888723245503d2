/**
 * Step 3 of the dashboard: the takedowns release's protect step (bulk DMCA automation and manual forms). It lives
 * in lib/submissions (the submission domain) because features may not import one another; the dashboard mounts it
 * from here.
 */
export { ProtectStep } from '@/lib/submissions/components/protect-step';
