import { contract } from '../../../shared/contract';
import { ForbiddenError, TooManyRequestsError } from '../../lib/errors';
import { addEnrolmentPhoto, confirmFaces, giveConsent, revokeConsent } from '../../services/likeness/enrolment';
import { likenessStatus } from '../../services/likeness/status';
import { takeRateToken } from '../../services/metrics/rate-limit';
import { areaHandler, json, resolveUserParam, userEndpoint, type Caller } from '../chain';

/*
 * Likeness matching (issue 24): consent, enrolment and revocation. Face data is the creator's alone: every route
 * is for the account holder only; another user and an administrator get 403 (an administrator never sees a
 * creator's faces).
 */

function ownFaces(caller: Caller, id: string): string {
  const userId = resolveUserParam(caller, id);
  if (userId !== caller.userId) throw new ForbiddenError("Only the account holder can see or change their likeness settings.");
  return userId;
}

/** Each photo runs face detection (seconds of CPU): enough for an enrolment with retries, not for abuse. */
const PHOTO_LIMIT = { name: 'likeness-photo', max: 30, windowSeconds: 3600 };

const getLikeness = userEndpoint(contract.getLikeness, async ({ params, caller }) => json(await likenessStatus(ownFaces(caller, params.id))));

const consentLikeness = userEndpoint(contract.consentLikeness, async ({ params, body, caller }) =>
  json(await giveConsent(ownFaces(caller, params.id), body.textVersion)),
);

const addLikenessPhoto = userEndpoint(contract.addLikenessPhoto, async ({ params, body, caller }) => {
  const userId = ownFaces(caller, params.id);
  if (!(await takeRateToken(PHOTO_LIMIT, userId))) throw new TooManyRequestsError('You can add 30 photos an hour. Try again later.');
  return json(await addEnrolmentPhoto(userId, body.photo), 201);
});

const confirmLikeness = userEndpoint(contract.confirmLikeness, async ({ params, body, caller }) => json(await confirmFaces(ownFaces(caller, params.id), body.faceIds)));

const revokeLikeness = userEndpoint(contract.revokeLikeness, async ({ params, caller }) => json(await revokeConsent(ownFaces(caller, params.id))));

export const handler = areaHandler('likeness', [getLikeness, consentLikeness, addLikenessPhoto, confirmLikeness, revokeLikeness]);
