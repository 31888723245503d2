import { contract } from '../../../shared/contract';
import { areaHandler, json, userEndpoint } from '../chain';
import { sendContactMessage } from '../../services/contact/send-contact';

/** `POST /api/contact` (PRODUCT.md section 7): validated, stored, mailed to the support inbox, 5 an hour per user. */
const send = userEndpoint(contract.sendContact, async ({ body, caller }) => {
  const { id } = await sendContactMessage(body, { userId: caller.userId, accountEmail: caller.email });
  return json({ success: true, id }, 201);
});

export const handler = areaHandler('contact', [send]);
