import type { TestConsoleRequest, TestConsoleResult } from '@ambassador/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** POST /ai_config/test_console: what the device would answer to a question. Changes nothing. */
export async function askTestConsole(body: TestConsoleRequest): Promise<TestConsoleResult> {
  const { data } = await api.post<TestConsoleResult>('/ai_config/test_console', body);
  return data;
}

export function useTestConsole() {
  return useMutation({ mutationFn: askTestConsole });
}
