import { api } from '@/lib/api-client';
import { contract } from '@shared/contract';

/** `PUT /api/admin/users/{userId}` with `{discount}` (0 to 100). */
export async function updateUserDiscount(userId: string, discount: number): Promise<void> {
  await api(contract.setDiscount, { params: { userId }, body: { discount } });
}
