import { contract } from '../../../shared/contract';
import { areaHandler, json, userEndpoint } from '../chain';
import { recordEvent } from '../../services/events';

/** `POST /api/events`: a page view or feature use of the signed-in caller (engagement figures; 60 a minute). */
const record = userEndpoint(contract.recordEvent, async ({ body, caller }) => json(await recordEvent(caller.userId, body), 202));

export const handler = areaHandler('events', [record]);
