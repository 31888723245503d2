import { cdnTaskSchema, type CdnTaskDto } from '@shared/schemas/agent';
import { api } from '@/lib/api-client';
import { contract } from '@shared/contract';
import { invalidateCdnTasks } from './get-cdn-tasks';

/** "Filed": records the reference the CDN's web form answered (`POST /api/agent/cdn-tasks/{id}/filed`). */
export async function fileCdnTask(id: string, reference: string): Promise<CdnTaskDto> {
  const task = cdnTaskSchema.parse(await api(contract.agentCdnTaskFiled, { params: { id }, body: { reference } }));
  await invalidateCdnTasks();
  return task;
}
