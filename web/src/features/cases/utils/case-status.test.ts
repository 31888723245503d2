import { canGenerateForm, caseStatusBadge, caseUrls } from './case-status';

describe('case status', () => {
  it('has a badge for pending, sent and resolved, and the default badge for anything else', () => {
    expect(caseStatusBadge('pending')).toEqual({ tone: 'pending', label: 'Pending' });
    expect(caseStatusBadge('sent')).toEqual({ tone: 'sent', label: 'Sent' });
    expect(caseStatusBadge('resolved')).toEqual({ tone: 'resolved', label: 'Resolved' });
    expect(caseStatusBadge('withdrawn')).toEqual({ tone: 'default', label: 'Withdrawn' });
    expect(caseStatusBadge('')).toEqual({ tone: 'default', label: 'Unknown' });
  });

  it('offers Generate Form for pending cases only', () => {
    expect(canGenerateForm('pending')).toBe(true);
    expect(canGenerateForm('sent')).toBe(false);
    expect(canGenerateForm('resolved')).toBe(false);
  });

  it('lists the infringing URLs of the newline-joined field', () => {
    expect(caseUrls('https://a.example/1\r\n\nhttps://b.example/2 \n')).toEqual(['https://a.example/1', 'https://b.example/2']);
  });
});
