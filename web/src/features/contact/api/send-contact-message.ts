import useSWRMutation from 'swr/mutation';
import { api, apiPath } from '@/lib/api-client';
import type { ContactFormValues } from '../lib/contact-form';
import { contract } from '@shared/contract';

/** `POST /api/contact` with `{name, email, subject, message}`; the response is not read (PRODUCT.md section 7). */
export async function sendContactMessage(values: ContactFormValues): Promise<void> {
  const body = {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: values.subject.trim(),
    message: values.message.trim(),
  };
  await api(contract.sendContact, { body });
}

/** The send mutation; `isMutating` is the form's "sending" state. */
export function useSendContactMessage() {
  return useSWRMutation(apiPath(contract.sendContact), (_key: string, { arg }: { arg: ContactFormValues }) => sendContactMessage(arg), {
    throwOnError: true,
  });
}
