import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  CANNED_CODE_MAX,
  CHAT_MESSAGE_MAX,
  ZCannedReplyRequest,
  ruleOf,
  type CannedReply,
  type Language,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { translateRule } from '@/shared/api/api-error';
import { Spinner } from '@/shared/ui/spinner';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from '../api/canned-replies';

type Form = { code: string; texts: Partial<Record<Language, string>> };

/** Add or edit one saved reply: its code and a text per language the operators work in. */
function CannedReplyForm({ reply, onClose }: { reply: CannedReply | null; onClose: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const save = useSaveCannedReply(reply?.id ?? null);
  const [form, setForm] = useState<Form>(() => ({ code: reply?.code ?? '', texts: { ...reply?.texts } }));
  const [submitted, setSubmitted] = useState(false);
  const dirty = useChanged(form);
  // The operators' languages, and any other the reply already has a text in.
  const languages = [
    ...new Set<Language>([
      ...(auth.user_info?.languages.length ? auth.user_info.languages : (['english'] as Language[])),
      ...(Object.keys(form.texts) as Language[]),
    ]),
  ];
  const checked = ZCannedReplyRequest.safeParse(form);
  const errorOf = (field: 'code' | 'texts') => {
    if (!submitted || checked.success) return undefined;
    const issue = checked.error.issues.find((i) => i.path[0] === field);
    return issue ? translateRule(t, ruleOf(issue)) : undefined;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.success || save.isPending) return;
    const result = await notify.run(() => save.mutateAsync(form), {
      loading: t('common.updating'),
      success: t('chat.canned.saved', { code: checked.data.code }),
    });
    if (result.ok) onClose();
  };

  return (
    <FormDialog
      open
      dirty={dirty}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitting={save.isPending}
      title={reply ? t('chat.canned.edit_title') : t('chat.canned.add_title')}
      testId="canned-reply-dialog"
      submitLabel={t('common.save')}
      width={520}
    >
      <TextField
        label={t('chat.canned.code')}
        value={form.code}
        onChange={(event) => setForm((f) => ({ ...f, code: event.target.value }))}
        error={Boolean(errorOf('code'))}
        helperText={errorOf('code') ?? t('chat.canned.code_hint')}
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'canned-code', maxLength: CANNED_CODE_MAX } }}
      />
      {languages.map((language) => (
        <TextField
          key={language}
          label={t(`languages.${language}`)}
          value={form.texts[language] ?? ''}
          onChange={(event) =>
            setForm((f) => ({ ...f, texts: { ...f.texts, [language]: event.target.value } }))
          }
          multiline
          minRows={2}
          slotProps={{ htmlInput: { 'data-testid': `canned-text-${language}`, maxLength: CHAT_MESSAGE_MAX } }}
        />
      ))}
      {errorOf('texts') && (
        <Typography color="error" variant="body2" role="alert" data-testid="canned-texts-error">
          {errorOf('texts')}
        </Typography>
      )}
    </FormDialog>
  );
}

/** Live Chat's saved replies: listed by code, added, edited and deleted. */
export function CannedRepliesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const replies = useCannedReplies();
  const remove = useDeleteCannedReply();
  const [editing, setEditing] = useState<{ reply: CannedReply | null; key: number } | null>(null);
  const [seq, setSeq] = useState(0);
  const edit = (reply: CannedReply | null) => {
    setSeq((n) => n + 1);
    setEditing({ reply, key: seq + 1 });
  };
  const drop = (reply: CannedReply) =>
    void notify.run(() => remove.mutateAsync(reply.id), {
      loading: t('common.deleting'),
      success: t('chat.canned.deleted', { code: reply.code }),
    });

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        fullWidth
        maxWidth="sm"
        aria-labelledby="canned-replies-title"
        data-testid="canned-replies-dialog"
      >
        <DialogTitle id="canned-replies-title">{t('chat.canned.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('chat.canned.intro')}
          </Typography>
          {replies.isPending ? (
            <Spinner />
          ) : replies.data?.length === 0 ? (
            <Typography data-testid="canned-empty">{t('chat.canned.empty')}</Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {replies.data?.map((reply) => (
                <Box
                  component="li"
                  key={reply.id}
                  data-testid={`canned-row-${reply.code}`}
                  sx={{
                    display: 'flex',
                    alignItems: 'flex-start',
                    gap: 1,
                    borderBottom: 1,
                    borderColor: 'divider',
                    pb: 1,
                  }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>/{reply.code}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {Object.values(reply.texts).find(Boolean)}
                    </Typography>
                  </Box>
                  <IconButton
                    aria-label={t('chat.canned.edit', { code: reply.code })}
                    onClick={() => edit(reply)}
                    data-testid={`canned-edit-${reply.code}`}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={t('chat.canned.delete', { code: reply.code })}
                    onClick={() => drop(reply)}
                    data-testid={`canned-delete-${reply.code}`}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Box>
              ))}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button startIcon={<AddIcon />} onClick={() => edit(null)} data-testid="canned-add">
            {t('chat.canned.add')}
          </Button>
          <Button variant="contained" onClick={onClose} data-testid="canned-close">
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
      {editing && (
        <CannedReplyForm key={editing.key} reply={editing.reply} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
