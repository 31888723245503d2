import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import { likenessPhotoReplySchema, likenessStatusSchema, LIKENESS_CONSENT_VERSION, type LikenessStatus } from '@shared/schemas/likeness';
import { contract } from '@shared/contract';
import { api, apiPath } from '@/lib/api-client';

/*
 * Likeness matching (issue 24): the creator's consent and enrolled faces, for Settings only. Every write answers
 * the whole status, which replaces the cached one.
 */

/** `GET /api/user/me/likeness`. */
export const LIKENESS_KEY = apiPath(contract.getLikeness, { params: { id: 'me' } });

export async function getLikeness(): Promise<LikenessStatus> {
  return likenessStatusSchema.parse(await api(contract.getLikeness, { params: { id: 'me' } }));
}

export function useLikeness() {
  return useSWR(LIKENESS_KEY, getLikeness);
}

const useWrite = <A,>(fn: (arg: A) => Promise<LikenessStatus>) =>
  useSWRMutation(LIKENESS_KEY, (_key: string, { arg }: { arg: A }) => fn(arg), { populateCache: (s: LikenessStatus) => s, revalidate: false, throwOnError: true });

/** Consents to the current text version. @throws {ApiError} 400 when the text changed. */
export function useConsentLikeness() {
  return useWrite<void>(async () =>
    likenessStatusSchema.parse(await api(contract.consentLikeness, { params: { id: 'me' }, body: { agree: true, textVersion: LIKENESS_CONSENT_VERSION } })),
  );
}

/** Adds one enrolment photo (a data URL). @throws {ApiError} 400 (no face, several faces, too small, unclear), 409, 413, 415. */
export function useAddLikenessPhoto() {
  return useWrite<string>(async (photo) => {
    const reply = likenessPhotoReplySchema.parse(await api(contract.addLikenessPhoto, { params: { id: 'me' }, body: { photo } }));
    const { added: _added, ...status } = reply;
    return status;
  });
}

/** Confirms the crops to enrol (at least three). */
export function useConfirmLikeness() {
  return useWrite<string[]>(async (faceIds) => likenessStatusSchema.parse(await api(contract.confirmLikeness, { params: { id: 'me' }, body: { faceIds } })));
}

/** Turns likeness off: the consent and every face are deleted. */
export function useRevokeLikeness() {
  return useWrite<void>(async () => likenessStatusSchema.parse(await api(contract.revokeLikeness, { params: { id: 'me' } })));
}
