import {
  BarChart3,
  CreditCard,
  FileText,
  Gavel,
  HelpCircle,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Radar,
  Search,
  Settings,
  ShieldAlert,
  Trophy,
  User,
  UserCog,
  Wallet,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to admins (the server's `isAdmin`, never an e-mail check on the client). */
  adminOnly?: boolean;
  /** Shown only to agents and admins (the server's `isAgent`; issue 23's agent console). */
  agentOnly?: boolean;
}

/** The navigation entries of the signed-in bar, in the order of PRODUCT.md section 2. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/search', label: 'Search', icon: Search },
  { to: '/monitoring', label: 'Monitoring', icon: Radar },
  { to: '/cases', label: 'Cases', icon: FileText },
  { to: '/risk-dashboard', label: 'Risk Analysis', icon: ShieldAlert },
  { to: '/competitive', label: 'Competitive Edge', icon: Trophy },
  { to: '/pricing', label: 'Pricing', icon: Wallet },
  { to: '/account', label: 'Account', icon: User },
  { to: '/settings', label: 'Settings', icon: Settings },
  { to: '/agent', label: 'Agent', icon: Gavel, agentOnly: true },
  { to: '/admin', label: 'Admin', icon: BarChart3, adminOnly: true },
];

/** The account links of the avatar menu and the mobile sheet. Log Out is separate: it is a full page load. */
export const ACCOUNT_ITEMS: readonly NavItem[] = [
  { to: '/account', label: 'Account Settings', icon: UserCog },
  { to: '/account?tab=billing', label: 'Billing', icon: CreditCard },
  { to: '/help', label: 'Get Help', icon: HelpCircle },
  { to: '/contact', label: 'Contact', icon: Mail },
];

/** The entries a user may see. */
export function navItemsFor(isAdmin: boolean, isAgent = false): NavItem[] {
  return NAV_ITEMS.filter((item) => (!item.adminOnly || isAdmin) && (!item.agentOnly || isAgent || isAdmin));
}
