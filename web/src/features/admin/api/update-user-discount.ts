import { api } from '@/lib/api-client';

/** `PUT /api/admin/users/{userId}` with `{discount}` (0 to 100). */
export async function updateUserDiscount(userId: string, discount: number): Promise<void> {
  await api.put<unknown>(`/api/admin/users/${encodeURIComponent(userId)}`, { discount });
}
