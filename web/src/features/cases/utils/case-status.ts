/*
 * How a case's status is shown (PRODUCT.md section 4): pending, sent and resolved each have their badge; anything else
 * is shown with the default badge. Only pending cases offer Generate Form.
 */

export type StatusTone = 'pending' | 'sent' | 'resolved' | 'reappeared' | 'default';

/** The badge of a status: its tone and its label. */
export function caseStatusBadge(status: string): { tone: StatusTone; label: string } {
  switch (status) {
    case 'pending':
      return { tone: 'pending', label: 'Pending' };
    case 'sent':
      return { tone: 'sent', label: 'Sent' };
    case 'resolved':
      return { tone: 'resolved', label: 'Resolved' };
    case 'reappeared':
      return { tone: 'reappeared', label: 'Reappeared' };
    default:
      return { tone: 'default', label: status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown' };
  }
}

/** Whether a case offers the Generate Form button (pending cases only). */
export function canGenerateForm(status: string): boolean {
  return status === 'pending';
}

/** The infringing URLs of a case's newline-joined field. */
export function caseUrls(infringingUrl: string): string[] {
  return infringingUrl
    .split(/[\r\n]+/)
    .map((u) => u.trim())
    .filter(Boolean);
}
