import type { LoginRequest, LoginResponse } from '@ambassador/contracts';
import { api } from '@/shared/api/client';

/** POST /login: no auth headers; 401 wrong credentials, 429 locked out, 400 validation. */
export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  const { data } = await api.post<LoginResponse>('/login', credentials);
  return data;
}
