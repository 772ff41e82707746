import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import { LIVE_EVENT, type CallEvent } from '@ambassador/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authStore, isLoggedIn, useAuth } from '@/shared/auth/auth-store';
import { useLiveEvent } from '@/shared/realtime/live-socket';
import { parseWhenLoaded } from '@/shared/realtime/parse-when-loaded';
import { incomingCallStore, useIncomingCall } from '../lib/incoming-call-store';
import { liveVideoPath } from '../lib/call-format';

/** The ring tone in public/sounds (1.2 s, played on a loop while the banner shows). */
export const INCOMING_CALL_SOUND = `${import.meta.env.BASE_URL}sounds/incoming-call.wav`;

/** Below the 64 px top bar, so the menu toggle and the logo stay visible. */
const BANNER_TOP = 64 + 12;

/** Call events, parsed with the call schemas loaded at the first one (see parseWhenLoaded). */
export const onCallEvent = parseWhenLoaded(async () => (await import('../lib/call-event')).parseCallEvent);

function desktopNotificationsGranted(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/**
 * The incoming-call banner, mounted once in the shell: on `new_call` for this project it shows
 * at the top right over any screen (phone icon, "You have new incoming call", the device, Close and
 * View call), rings while visible, and stops and rewinds the sound when it hides.
 */
export function IncomingCallBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const { shown, waiting } = useIncomingCall();
  const audio = useRef<HTMLAudioElement>(null);
  const desktop = useRef(new Map<string, Notification>());
  // The call whose ring tone the browser refused to play (autoplay policy), if any.
  const [blockedFor, setBlockedFor] = useState<string | null>(null);
  const loggedIn = isLoggedIn(auth);

  const viewCall = (realSessionId: string) => {
    void navigate(liveVideoPath(realSessionId));
  };

  const ring = (event: CallEvent) => {
    const { auth_project_id } = authStore.get();
    if (event.project_id !== auth_project_id || event.status !== 'ringing') return;
    if (!event.notification.banner) return;
    incomingCallStore.ring(event);
    if (event.notification.desktop && desktopNotificationsGranted()) {
      try {
        const note = new Notification(t('calls.banner.title'), {
          body: event.device_name,
          tag: event.real_session_id,
        });
        note.onclick = () => {
          window.focus();
          viewCall(event.real_session_id);
          note.close();
        };
        desktop.current.set(event.real_session_id, note);
      } catch (error) {
        // Some browsers only allow notifications from a service worker: the banner still shows.
        console.info('[calls] desktop notification not shown', error);
      }
    }
  };
  useLiveEvent(LIVE_EVENT.newCall, (raw) => onCallEvent(raw, ring));
  useLiveEvent(LIVE_EVENT.refreshCall, (raw) =>
    onCallEvent(raw, (event) => {
      if (event.status !== 'ringing') incomingCallStore.reset(event.real_session_id);
    }),
  );

  // A desktop notification goes with its call.
  useEffect(() => {
    const notes = desktop.current;
    for (const [id, note] of notes) {
      if (id !== shown?.real_session_id) {
        note.close();
        notes.delete(id);
      }
    }
  }, [shown]);

  // Signing out hides it; so does leaving the shell.
  useEffect(() => {
    if (!loggedIn) incomingCallStore.clear();
  }, [loggedIn]);
  useEffect(
    () => () => {
      incomingCallStore.clear();
      for (const note of desktop.current.values()) note.close();
    },
    [],
  );

  const ringing = Boolean(shown?.notification.sound);
  const ringingId = shown?.real_session_id;
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    if (ringingId && ringing) {
      const playing = element.play() as Promise<void> | undefined;
      playing?.then(
        () => setBlockedFor(null),
        (error: unknown) => {
          // Autoplay policy: no sound until the operator has interacted with the page.
          if (error instanceof DOMException && error.name === 'NotAllowedError') setBlockedFor(ringingId);
        },
      );
      return;
    }
    element.pause();
    element.currentTime = 0;
  }, [ringingId, ringing]);
  useEffect(() => {
    const element = audio.current;
    return () => {
      element?.pause();
    };
  }, []);

  const close = () => {
    if (shown) incomingCallStore.reset(shown.real_session_id);
  };
  const view = () => {
    if (!shown) return;
    const id = shown.real_session_id;
    incomingCallStore.reset(id);
    viewCall(id);
  };
  const enableSound = () => {
    const playing = audio.current?.play() as Promise<void> | undefined;
    playing?.then(
      () => setBlockedFor(null),
      () => undefined,
    );
  };

  return (
    <>
      <audio
        ref={audio}
        src={INCOMING_CALL_SOUND}
        loop
        preload="auto"
        data-testid="incoming-call-sound"
        style={{ display: 'none' }}
      />
      {shown && (
        <Paper
          elevation={8}
          role="alert"
          data-testid="incoming-call-banner"
          data-call={shown.real_session_id}
          sx={{
            position: 'fixed',
            top: BANNER_TOP,
            right: 16,
            zIndex: (theme) => theme.zIndex.snackbar,
            width: 360,
            maxWidth: 'calc(100vw - 32px)',
            p: 2,
            borderLeft: 4,
            borderColor: 'primary.main',
          }}
        >
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Box
              sx={{
                flexShrink: 0,
                width: 40,
                height: 40,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            >
              <PhoneInTalkIcon aria-hidden />
            </Box>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{t('calls.banner.title')}</Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ wordBreak: 'break-word' }}
                data-testid="incoming-call-device"
              >
                {t('calls.banner.from', { device: shown.device_name })}
              </Typography>
              {waiting > 0 && (
                <Typography variant="caption" color="text.secondary">
                  {t('calls.banner.more', { count: waiting })}
                </Typography>
              )}
              {ringing && blockedFor === shown.real_session_id && (
                <Button
                  size="small"
                  onClick={enableSound}
                  sx={{ px: 0 }}
                  data-testid="incoming-call-enable-sound"
                >
                  {t('calls.banner.sound_blocked')}
                </Button>
              )}
            </Box>
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1.5 }}>
            <Button onClick={close} data-testid="incoming-call-close">
              {t('common.close')}
            </Button>
            <Button variant="contained" onClick={view} data-testid="incoming-call-view">
              {t('calls.banner.view')}
            </Button>
          </Box>
        </Paper>
      )}
    </>
  );
}
