import { getObject, putObject } from '../../adapters/s3';
import { config } from '../../lib/config';

/**
 * Intermediate workflow data (candidates, fingerprints, triaged results) lives in the uploads bucket under
 * `work/<searchId>/`, because Step Functions payloads cap at 256 KB. A lifecycle rule expires `work/`.
 */
export const workKey = (searchId: string, name: string) => `work/${searchId}/${name}.json`;

export async function putWork(key: string, value: unknown): Promise<void> {
  await putObject(config().uploadsBucket, key, JSON.stringify(value), 'application/json');
}

export async function getWork<T>(key: string): Promise<T> {
  const obj = await getObject(config().uploadsBucket, key);
  if (!obj) throw new Error(`workflow data missing: ${key}`);
  return JSON.parse(obj.body.toString('utf8')) as T;
}
