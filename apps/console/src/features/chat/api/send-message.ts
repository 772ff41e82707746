import type { ChatMessage, ChatSendRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { errorMessage } from '@/shared/api/api-error';
import { api } from '@/shared/api/client';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { mergeMessage, pendingMessage, withoutClientId } from '../lib/messages';
import { chatKeys } from './chat-keys';

/** POST /chat/send: the operator's message to the visitor. */
export async function sendMessage(body: ChatSendRequest): Promise<ChatMessage> {
  const { data } = await api.post<ChatMessage>('/chat/send', body);
  return data;
}

export type SendVariables = { session_id: string; message: string; client_id: string; sender: string };

/**
 * Sending a chat message: it shows at once; on failure it is taken out, the history is read again
 * (so the screen shows what the visitor really has) and the error shows in the snackbar — here,
 * not in the screen, so it shows even if the operator has moved on to another screen.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ session_id, message, client_id }: SendVariables) =>
      sendMessage({ session_id, message, client_id }),
    onMutate: ({ session_id, message, client_id, sender }) => {
      queryClient.setQueryData<ChatMessage[]>(chatKeys.history(session_id), (old) =>
        mergeMessage(old ?? [], pendingMessage(session_id, message, client_id, sender)),
      );
    },
    onSuccess: (saved, { session_id }) => {
      queryClient.setQueryData<ChatMessage[]>(chatKeys.history(session_id), (old) =>
        mergeMessage(old ?? [], saved),
      );
      // The list shows the last message and orders by it.
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
    onError: (error, { session_id, client_id }) => {
      notify.error(errorMessage(error, i18n.t('chat.composer.send_failed')));
      queryClient.setQueryData<ChatMessage[]>(chatKeys.history(session_id), (old) =>
        old ? withoutClientId(old, client_id) : old,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.history(session_id) });
    },
  });
}
