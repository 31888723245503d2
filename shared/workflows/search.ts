/**
 * The search workflow's execution input: the scan service starts the workflow with it and every task reads it,
 * so it lives here, below both (a service never imports a workflow).
 */

/** What `POST /api/search` (and a monitor's run) starts the search workflow with. */
export interface SearchWorkflowInput {
  searchId: string;
  userId: string;
  /** Creator names (already split and trimmed); may be empty when only reference files were given. */
  names: string[];
  engines: string[];
  contentType: string;
  references: { id: string; key: string; kind: 'image' | 'video'; mediaType: string }[];
  /** Monitor runs: the monitor (its reference fingerprints are computed once and reused; novelty and alerts). */
  monitorId?: string;
  /**
   * Issue 25: sources read directly, each in its own branch of the QuerySources Map (always present, `[]` for
   * none; executions started before sources existed have none and skip the Map).
   */
  sources?: { kind: 'telegram' | 'reddit' | 'site'; target: string }[];
  /** Monitor runs: when the monitor last ran, so sources read only newer posts (null otherwise; always present with `sources`). */
  since?: string | null;
}
