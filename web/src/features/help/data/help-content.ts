import {
  AlertTriangle,
  CheckCircle2,
  Clock,
  FileText,
  type LucideIcon,
  MessageCircle,
  Search,
  Send,
  ShieldCheck,
  ShieldAlert,
  Zap,
} from 'lucide-react';

/** One step of the Help page's quick start (PRODUCT.md section 2, "Help"). */
export interface QuickStartStep {
  title: string;
  description: string;
  points: string[];
  action: { label: string; to: string };
  icon: LucideIcon;
}

export const QUICK_START_STEPS: readonly QuickStartStep[] = [
  {
    title: 'Set up monitoring',
    description: 'Tell Vigil what to look for.',
    points: [
      'Add your creator details in Settings so notices are ready to file',
      'Enter your creator name (separate aliases with commas)',
      'Upload reference images or videos (JPG, PNG, MP4, MOV) and start a protection scan',
    ],
    action: { label: 'Start a scan', to: '/' },
    icon: Search,
  },
  {
    title: 'Review violations',
    description: 'Decide what is yours and what is allowed.',
    points: [
      'Check each result in the Web Results, Images and Videos tabs',
      'Mark copies as unauthorized or safe; the confidence badge helps you judge',
      'Allowlist partner sites so they are left out of later scans',
    ],
    action: { label: 'Review results', to: '/' },
    icon: ShieldAlert,
  },
  {
    title: 'Automate protection',
    description: 'Send takedown notices and track them.',
    points: [
      'Send DMCA notices one by one, or in bulk on the Protect step',
      'Paid plans submit notices automatically; every plan can download PDFs',
      'Follow each case from pending to resolved on the Cases page',
    ],
    action: { label: 'View cases', to: '/cases' },
    icon: Zap,
  },
];

/** One entry of the icon legend: what an icon or colour means wherever it appears in Vigil. */
export interface LegendEntry {
  icon: LucideIcon;
  label: string;
  meaning: string;
  tone: string;
}

export const ICON_LEGEND: readonly LegendEntry[] = [
  { icon: AlertTriangle, label: 'Active violation', meaning: 'A copy marked unauthorized that is still online.', tone: 'bg-red-50 text-red-600' },
  { icon: Clock, label: 'Pending', meaning: 'A result waiting for your review, or a case not yet sent.', tone: 'bg-amber-50 text-amber-700' },
  { icon: Send, label: 'DMCA sent', meaning: 'A takedown notice has been filed for the case.', tone: 'bg-indigo-50 text-indigo-600' },
  { icon: CheckCircle2, label: 'Resolved', meaning: 'The infringing content is gone.', tone: 'bg-emerald-50 text-emerald-700' },
  { icon: ShieldCheck, label: 'Protected', meaning: 'A scan found no unauthorized use of your content.', tone: 'bg-sky-50 text-sky-600' },
  { icon: FileText, label: 'DMCA notice', meaning: 'A notice you can view, download as PDF or submit.', tone: 'bg-slate-100 text-slate-600' },
  { icon: MessageCircle, label: 'Assistant', meaning: 'The round button at the bottom right opens the help chat.', tone: 'bg-violet-50 text-violet-600' },
];

/** The confidence badge colours (PRODUCT.md section 4: red at 80 or more, yellow at 60 or more, grey below). */
export const CONFIDENCE_LEGEND = [
  { label: '80%+', meaning: 'Strong match', className: 'bg-red-600 text-white' },
  { label: '60-79%', meaning: 'Likely match', className: 'bg-amber-400 text-amber-950' },
  { label: 'Below 60%', meaning: 'Weak match', className: 'bg-muted text-muted-foreground' },
] as const;
