import { HttpError, ValidationError } from '../../lib/errors';
import { contract } from '../../../shared/contract';
import { areaHandler, assertOwner, binary, json, resolveUserParam, userEndpoint, parseJsonBody, type Reply } from '../chain';
import { submitAutomated as startAutomated } from '../../services/submissions/automated-submission';
import { bulkSubmit as runBulk } from '../../services/submissions/bulk-submit';
import { getCase, listCasePage, listCasesByUser, toCaseDto } from '../../services/cases/case-store';
import { confirmCaseContent, createCaseFromForm, previewCaseFromForm } from '../../services/cases/create-case';
import { exportCasesForGoogle } from '../../services/submissions/google-export';
import { IDEMPOTENCY_KEY } from '../../services/idempotency';
import { agentIdentity } from '../../services/notices/agent-identity';
import { isSearchEngine, submissionInfo as channelInfo } from '../../services/submissions/submission-info';
import { requireOwned } from '../../lib/ownership';
import { creatorOutcomes, platformOutcomes } from '../../services/cases/outcomes';

/*
 * DMCA cases and their submission (PRODUCT.md section 7; ARCHITECTURE.md, "Takedown flow"). Cases read by id go through
 * assertOwner (owner or admin; others 404); acting on a case (submit) is for its owner only. The notice PDF is
 * rendered by the `documents` area (functions/http/documents), which carries the PDF renderer.
 */

/** Reads a case for its owner only: anyone else, admins included, gets 404 (an admin may look, not act). */
const ownCase = async (userId: string, id: string) => requireOwned(await getCase(id), userId, 'Case');

const createCase = userEndpoint(contract.createCase, async ({ body, caller }) => {
  if (body.userId !== undefined && body.userId !== 'me' && body.userId !== caller.userId) {
    throw new HttpError(403, 'FORBIDDEN', 'Cases are created for your own account only.');
  }
  if (body.preview) return json(await previewCaseFromForm(caller.userId, body));
  const c = await createCaseFromForm(caller.userId, body);
  return json({ id: c.id, caseNumber: c.caseNumber }, 201);
});

const getCaseEndpoint = userEndpoint(contract.getCase, async ({ params, caller }) =>
  json(toCaseDto(assertOwner(caller, await getCase(params.id), 'Case'))),
);

const listCases = userEndpoint(contract.listCases, async ({ params, caller }) =>
  json((await listCasesByUser(resolveUserParam(caller, params.id))).map(toCaseDto)),
);

const listCasePageEndpoint = userEndpoint(contract.listCasePage, async ({ params, query, caller }) => json(await listCasePage(resolveUserParam(caller, params.id), query)));

const confirmContent = userEndpoint(contract.confirmContent, async ({ params, caller }) =>
  json(toCaseDto(await confirmCaseContent(caller.userId, params.id))),
);

/** A refusal as `{success: false, error, code}` with its status, the shape the submit buttons read. */
function refusal(err: unknown, extra: Record<string, unknown> = {}): Reply {
  if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
  return json(
    { success: false, error: err.message, code: err.code, ...err.details, ...(err.fields?.length ? { fields: err.fields } : {}), ...extra },
    err.statusCode,
    err.headers ? { headers: err.headers } : {},
  );
}

const submitAutomated = userEndpoint(contract.submitAutomated, async ({ params, caller }) => {
  try {
    const started = await startAutomated(caller.userId, params.id);
    return json({ success: true, error: null, attempt: started.attempt, state: started.state });
  } catch (err) {
    return refusal(err);
  }
});

const bulkSubmit = userEndpoint(contract.bulkSubmit, async ({ caller, headers, event }) => {
  try {
    const key = headers['idempotency-key']?.trim();
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw new ValidationError('Idempotency-Key must be 1 to 128 visible characters.', [
        { path: 'headers.idempotency-key', message: 'Idempotency-Key must be 1 to 128 visible characters.' },
      ]);
    }
    // The row's bodyKind is raw: the body is parsed here so that its refusals keep the `{success:false}` shape.
    const body = parseJsonBody(contract.bulkSubmit.body, event);
    const outcome = await runBulk(caller.userId, body, key || undefined);
    return json(outcome.body, outcome.status, outcome.replayed ? { headers: { 'idempotent-replayed': 'true' } } : {});
  } catch (err) {
    return refusal(err, { processedViolations: 0, successfulSubmissions: 0, items: [] });
  }
});

const submissionInfo = userEndpoint(contract.submissionInfo, async ({ params, query, caller }) => {
    const engine = params.searchEngine.toLowerCase();
    if (!isSearchEngine(engine)) {
      throw new HttpError(404, 'NOT_FOUND', `Unknown search engine "${params.searchEngine.slice(0, 40)}". Choose google, bing, duckduckgo or other.`);
    }
    const c = query.caseId ? await ownCase(caller.userId, query.caseId) : undefined;
    const work = c ? { description: c.description, originalUrl: c.originalUrl, infringingUrls: c.infringingUrl.split('\n') } : undefined;
    return json(channelInfo(engine, agentIdentity(), work));
  },
);

const textFile = (content: string, filename: string) => binary(Buffer.from(content, 'utf8'), 'text/plain; charset=utf-8', filename);

const exportGoogle = userEndpoint(contract.exportGoogle, async ({ query, caller }) => {
  const file = await exportCasesForGoogle(caller.userId, query.caseIds);
  return textFile(file.content, file.filename);
});

const exportGoogleSelected = userEndpoint(contract.exportGoogleSelected, async ({ body, caller }) => {
  const file = await exportCasesForGoogle(caller.userId, [...new Set(body.caseIds)]);
  return textFile(file.content, file.filename);
});

/** Takedown outcomes (issue 23): a creator's, and the platform's over the last 90 days for the admin. */
const caseOutcomes = userEndpoint(contract.caseOutcomes, async ({ params, caller }) => json(await creatorOutcomes(resolveUserParam(caller, params.id))));

const adminOutcomes = userEndpoint(contract.adminOutcomes, async () => json(await platformOutcomes(new Date(Date.now() - 90 * 86_400_000).toISOString())));

export const handler = areaHandler('cases', [
  createCase,
  getCaseEndpoint,
  listCases,
  listCasePageEndpoint,
  confirmContent,
  submitAutomated,
  bulkSubmit,
  submissionInfo,
  exportGoogle,
  exportGoogleSelected,
  caseOutcomes,
  adminOutcomes,
]);
