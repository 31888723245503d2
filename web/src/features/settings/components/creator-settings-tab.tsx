/**
 * The Content Creator tab: the takedowns release's creator form. It lives in lib/submissions because
 * features may not import one another; the settings page mounts it from here.
 */
export { CreatorSettingsForm as CreatorSettingsTab } from '@/lib/submissions/components/creator-settings-form';
