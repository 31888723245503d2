import {
  ACCURACY_STATEMENT,
  GOOD_FAITH_STATEMENT,
  SUBTITLE,
  TITLE,
  addressLines,
  addressee,
  rungContext,
  agentStatement,
  foundThrough,
  formatDate,
  formatSimilarity,
  formatTimestamp,
  captureLine,
  pictureFile,
  prepareNotice,
  requestStatement,
  signatureLines,
  type NoticeInput,
} from './notice-content';

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Wraps prose at 76 columns (mail clients show plain text as sent); URLs are never wrapped. */
function wrap(text: string, indent = ''): string {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (indent + line + ' ' + word).length > 76) {
      out.push(indent + line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) out.push(indent + line);
  return out.join('\n');
}

/**
 * The notice as a plain-text e-mail body: the same elements and wording as the PDF (which goes along as the
 * attachment), one URL per line so a host's tooling can pick them out. Throws ValidationError when the input
 * is incomplete.
 */
export function renderNoticeText(input: NoticeInput): string {
  const n = prepareNotice(input);
  const { agent } = n;
  const dated = formatDate(n.date);
  let section = 0;
  const h = (title: string) => `${++section}. ${title.toUpperCase()}`;
  const context = rungContext(n.rung, n.earlier);
  const parts: string[] = [
    `${TITLE.toUpperCase()}\n${SUBTITLE}`,
    `Case number: ${n.caseNumber}\nDate: ${dated}`,
    wrap(`To ${lowerFirst(addressee(n.rung, n.recipientName))}:`),
    wrap(agentStatement(agent, n.rightsOwner)),
    ...(context ? [wrap(context)] : []),
    `${h('Copyrighted work')}\n${n.work.description
      .split('\n')
      .map((line, i) => wrap(i === 0 ? `Description: ${line}` : line, '   '))
      .join('\n')}${n.work.originalUrl ? `\n   Authorized original: ${n.work.originalUrl}` : ''}`,
    [
      h('Infringing material'),
      wrap([requestStatement(n.infringingUrls.length, n.rung), foundThrough(n.searchEngine)].filter(Boolean).join(' '), '   '),
      '',
      ...n.infringingUrls.map((u, i) => `   ${String(i + 1).padStart(2)}. ${u}`),
    ].join('\n'),
  ];
  if (n.evidence.length > 0) {
    parts.push(
      [
        h('Evidence captured at detection'),
        ...n.evidence.map((e, i) =>
          [
            `   ${String(i + 1).padStart(2)}. ${e.url}`,
            `       seen ${formatTimestamp(e.seenAt)}, similarity ${formatSimilarity(e.similarity)}`,
            ...(e.match ? [wrap(`How matched: ${e.match}`, '       ')] : []),
            ...(e.capture
              ? [
                  wrap(`Page capture: ${captureLine(e.capture)}`, '       '),
                  `       Final URL: ${e.capture.finalUrl}`,
                  ...(e.capture.sha256 ? [`       SHA-256 of the fetched bytes: ${e.capture.sha256}`] : []),
                ]
              : []),
            ...(e.referenceImage || e.copyImage
              ? [`       Pictures attached: ${[e.referenceImage ? `${pictureFile(input, 'reference', i)} (the work)` : '', e.copyImage ? `${pictureFile(input, 'copy', i)} (the copy)` : ''].filter(Boolean).join(', ')}`]
              : []),
          ].join('\n'),
        ),
      ].join('\n'),
    );
  }
  parts.push(
    [
      h('Contact information of the complaining party (authorized agent)'),
      `   Name: ${agent.name}`,
      `   Company: ${agent.company}`,
      `   Address: ${addressLines(agent.address).join('\n            ')}`,
      `   Telephone: ${agent.phone}`,
      `   E-mail: ${agent.email}`,
    ].join('\n'),
    `${h('Statements')}\n${wrap(GOOD_FAITH_STATEMENT, '   ')}\n\n${wrap(ACCURACY_STATEMENT, '   ')}`,
    [
      h('Signature'),
      `   /s/ ${agent.signatureName}`,
      ...signatureLines(agent, dated).map((l) => `   ${l}`),
    ].join('\n'),
    'The signed notice is attached as a PDF.',
  );
  return parts.join('\n\n') + '\n';
}
