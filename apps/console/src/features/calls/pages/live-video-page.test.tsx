import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_NOTIFICATION_CHANNEL,
  SOCKET,
  type Call,
  type CallEvent,
  type CallSignal,
} from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { CLIENT_ID, dispatchLiveEvent } from '@/shared/realtime/live-socket';
import type * as LiveSocketModule from '@/shared/realtime/live-socket';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import type { FakeCall } from '@/shared/test/fake-server';
import { renderWithApp } from '@/shared/test/render-with-app';
import { IncomingCallBanner, onCallEvent } from '../components/incoming-call-banner';
import { incomingCallStore } from '../lib/incoming-call-store';
import { aCall, callServer, listReads, uuid } from '../test/fixtures';
import { LiveVideoPage } from './live-video-page';

/** The live socket as the page sees it: connected or not, with what it sent and its listeners. */
const live = vi.hoisted(() => ({
  connected: true,
  emitted: [] as { event: string; payload: unknown }[],
  handlers: new Map<string, Set<(payload: unknown) => void>>(),
}));

vi.mock('@/shared/realtime/live-socket', async (importOriginal) => {
  const actual = await importOriginal<typeof LiveSocketModule>();
  const socket = {
    get connected() {
      return live.connected;
    },
    emit: (event: string, payload: unknown) => live.emitted.push({ event, payload }),
    on: (event: string, handler: (payload: unknown) => void) => {
      const set = live.handlers.get(event) ?? new Set();
      set.add(handler);
      live.handlers.set(event, set);
    },
    off: (event: string, handler: (payload: unknown) => void) => live.handlers.get(event)?.delete(handler),
  };
  return { ...actual, liveSocket: () => socket };
});

/** Enough of RTCPeerConnection for the page: it makes an offer; the test drives the rest. */
class FakePeerConnection {
  static last: FakePeerConnection | null = null;
  connectionState = 'new';
  remoteDescription: unknown = null;
  onicecandidate: unknown = null;
  ontrack: ((event: { streams: MediaStream[]; track: unknown }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  closed = false;
  constructor(readonly config: unknown) {
    FakePeerConnection.last = this;
  }
  addTrack() {}
  addTransceiver() {}
  async createOffer() {
    return { type: 'offer', sdp: 'v=0 console offer' };
  }
  async setLocalDescription() {}
  async setRemoteDescription(description: unknown) {
    this.remoteDescription = description;
  }
  async addIceCandidate() {}
  close() {
    this.closed = true;
  }
  connect() {
    this.connectionState = 'connected';
    this.onconnectionstatechange?.();
  }
}

const RINGING = uuid(1);
const ENDED = uuid(2);
const MISSED = uuid(3);

function event(patch: Partial<CallEvent>): CallEvent {
  return {
    name: 'refresh_call',
    project_id: 1,
    real_session_id: RINGING,
    device_id: 7,
    device_name: 'Lobby kiosk',
    status: 'ringing',
    notification: { ...DEFAULT_NOTIFICATION_CHANNEL },
    sent_at: Date.now(),
    ...patch,
  };
}

function sendEvent(e: CallEvent) {
  act(() => dispatchLiveEvent(e as unknown as { name: string }));
}

let rows: Call[] = [];
let trackStops: ReturnType<typeof vi.fn>;

function server(other?: Parameters<typeof callServer>[1]) {
  return callServer(() => rows, other);
}

const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');

// The call schemas load at the first event in the app; here before the first test, so events are handled at once.
beforeAll(() => onCallEvent.ready());

beforeEach(() => {
  live.connected = true;
  live.emitted = [];
  live.handlers.clear();
  rows = [
    aCall(ENDED, { created_at: new Date(Date.now() - 60 * 60_000).toISOString() }),
    aCall(RINGING, {
      device_id: 8,
      device_name: 'Gate kiosk',
      status: 'ringing',
      created_at: new Date().toISOString(),
      answered_at: null,
      ended_at: null,
      answered_by: null,
      duration_seconds: null,
    }),
    aCall(MISSED, { status: 'missed', answered_at: null, answered_by: null, duration_seconds: null }),
  ];
  trackStops = vi.fn();
  const track = (kind: string) => ({ kind, stop: trackStops });
  const stream = { getTracks: () => [track('audio'), track('video')] };
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: { getUserMedia: vi.fn().mockResolvedValue(stream) },
  });
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  FakePeerConnection.last = null;
});

afterEach(() => {
  cleanup();
  incomingCallStore.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

const panel = () => screen.getByTestId('call-panel');

describe('LiveVideoPage', () => {
  it('lists ringing calls first with Answer, then recent calls with time, status and operator', async () => {
    server();
    renderWithApp(<LiveVideoPage />, '/live_video');
    const ringing = await screen.findByTestId(`call-row-${RINGING}`);
    expect(within(ringing).getByText('Gate kiosk')).toBeTruthy();
    expect(within(ringing).getByText('Ringing')).toBeTruthy();
    expect(within(ringing).getByTestId(`list-answer-${RINGING}`)).toBeTruthy();

    const ended = screen.getByTestId(`call-row-${ENDED}`);
    expect(ended.textContent).toContain('Ended');
    expect(ended.textContent).toContain('Answered by mary');
    expect(within(ended).queryByTestId(`list-answer-${ENDED}`)).toBeNull();
    expect(screen.getByTestId(`call-row-${MISSED}`).textContent).toContain('Nobody answered');

    const order = screen.getAllByTestId(/^call-row-/).map((row) => row.dataset.testid);
    expect(order).toEqual([`call-row-${RINGING}`, `call-row-${ENDED}`, `call-row-${MISSED}`]);
    expect(panel().textContent).toContain('Select a call in the list');
    // The live socket (mocked module) has not reported a connection.
    expect(screen.getByTestId('live-status').textContent).toBe('Connecting...');
  });

  it('says so when there are no calls yet', async () => {
    rows = [];
    server();
    renderWithApp(<LiveVideoPage />, '/live_video');
    expect((await screen.findByTestId('calls-empty')).textContent).toContain('No calls yet');
  });

  it('refreshes the list when a call changes', async () => {
    const calls = server();
    renderWithApp(<LiveVideoPage />, '/live_video');
    await screen.findByTestId(`call-row-${RINGING}`);
    const before = listReads(calls).length;

    rows = rows.map((row) =>
      row.real_session_id === RINGING ? { ...row, status: 'answered', answered_by: 'john' } : row,
    );
    sendEvent(event({ status: 'answered' }));
    await waitFor(() => expect(listReads(calls).length).toBe(before + 1));
    await waitFor(() =>
      expect(screen.getByTestId(`call-row-${RINGING}`).textContent).toContain('Answered by john'),
    );
  });

  it('answers with the call’s device, this tab’s client id, and sends the offer over the socket', async () => {
    const calls = server((call) =>
      call.method === 'PUT' ? { body: { ...rows[1]!, status: 'answered', answered_by: 'admin' } } : undefined,
    );
    renderWithApp(<LiveVideoPage />, '/live_video');
    fireEvent.click(await screen.findByTestId(`list-answer-${RINGING}`));

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      path: '/video_call/list/8',
      body: { real_session_id: RINGING, status: 'answered', client_id: CLIENT_ID },
    });
    // The answered call is selected.
    expect(screen.getByTestId('location').textContent).toBe(`/live_video?call=${RINGING}`);

    await waitFor(() => expect(live.emitted).toHaveLength(1));
    expect(live.emitted[0]).toEqual({
      event: SOCKET.callSignal,
      payload: { real_session_id: RINGING, description: { type: 'offer', sdp: 'v=0 console offer' } },
    });
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });
    expect(panel().dataset.state).toBe('connecting');
    expect(panel().textContent).toContain('Connecting to Gate kiosk...');
    expect(snackbarStore.get().text).toBe('Call from Gate kiosk answered');

    // The kiosk answers through the server; media flows.
    const answer: CallSignal = {
      real_session_id: RINGING,
      description: { type: 'answer', sdp: 'v=0 kiosk' },
    };
    act(() => {
      for (const handler of live.handlers.get(SOCKET.callSignal) ?? []) handler(answer);
    });
    await waitFor(() => expect(FakePeerConnection.last?.remoteDescription).toEqual(answer.description));
    act(() => FakePeerConnection.last?.connect());
    expect(panel().dataset.state).toBe('connected');
    expect(screen.getByTestId('call-duration').textContent).toMatch(/^Duration 0:0\d$/);
    expect(screen.getByTestId('call-hangup')).toBeTruthy();

    // The visitor hangs up: the connection closes and the camera goes off.
    sendEvent(event({ status: 'ended' }));
    expect(panel().dataset.state).toBe('ended');
    expect(panel().textContent).toContain('The call has ended.');
    expect(FakePeerConnection.last?.closed).toBe(true);
    expect(trackStops).toHaveBeenCalledTimes(2);
  });

  it('hangs up: media off at once, then PUT ended', async () => {
    const calls = server((call) =>
      call.method === 'PUT'
        ? { body: { ...rows[1]!, status: (call.body as { status: 'answered' }).status } }
        : undefined,
    );
    renderWithApp(<LiveVideoPage />, `/live_video?call=${RINGING}`);
    fireEvent.click(await screen.findByTestId('call-answer'));
    await waitFor(() => expect(live.emitted).toHaveLength(1));

    fireEvent.click(screen.getByTestId('call-hangup'));
    expect(FakePeerConnection.last?.closed).toBe(true);
    expect(trackStops).toHaveBeenCalled();
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({
      path: '/video_call/list/8',
      body: { real_session_id: RINGING, status: 'ended', client_id: CLIENT_ID },
    });
    expect(panel().textContent).toContain('You ended the call.');
  });

  it('shows the server’s message when someone else answered first, and connects nothing', async () => {
    server((call) =>
      call.method === 'PUT'
        ? {
            status: 409,
            body: { success: false, message: 'This call was already answered by john', error: 'conflict' },
          }
        : undefined,
    );
    renderWithApp(<LiveVideoPage />, `/live_video?call=${RINGING}`);
    fireEvent.click(await screen.findByTestId('call-answer'));
    await waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    expect(snackbarStore.get().text).toBe('This call was already answered by john');
    expect(live.emitted).toEqual([]);
    expect(navigator.mediaDevices.getUserMedia).not.toHaveBeenCalled();
    expect(panel().dataset.state).toBe('ringing');
  });

  it('does not answer while the live connection is down, and says why', async () => {
    live.connected = false;
    const calls = server();
    renderWithApp(<LiveVideoPage />, `/live_video?call=${RINGING}`);
    fireEvent.click(await screen.findByTestId('call-answer'));
    expect(snackbarStore.get().status).toBe('error');
    expect(snackbarStore.get().text).toContain('Not connected to the live service');
    expect(writes(calls)).toEqual([]);
  });

  it('answers without a camera and tells the operator the visitor cannot see them', async () => {
    const mic = { getTracks: () => [{ kind: 'audio', stop: vi.fn() }] };
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: vi
          .fn()
          .mockRejectedValueOnce(new DOMException('none', 'NotFoundError'))
          .mockResolvedValueOnce(mic),
      },
    });
    server((call) => (call.method === 'PUT' ? { body: { ...rows[1]!, status: 'answered' } } : undefined));
    renderWithApp(<LiveVideoPage />, `/live_video?call=${RINGING}`);
    fireEvent.click(await screen.findByTestId('call-answer'));
    expect((await screen.findByTestId('call-media-note')).textContent).toBe(
      'Your camera is not available: the visitor hears you but cannot see you.',
    );
    await waitFor(() => expect(live.emitted).toHaveLength(1));
  });

  it('selecting the call the banner shows hides the banner', async () => {
    server();
    renderWithApp(
      <>
        <IncomingCallBanner />
        <LiveVideoPage />
      </>,
      '/live_video',
    );
    await screen.findByTestId(`call-row-${RINGING}`);
    sendEvent(event({ name: 'new_call', device_name: 'Gate kiosk', device_id: 8 }));
    expect(screen.getByTestId('incoming-call-banner')).toBeTruthy();

    // Another call: the banner stays.
    fireEvent.click(within(screen.getByTestId(`call-row-${ENDED}`)).getByRole('button'));
    expect(screen.getByTestId('incoming-call-banner')).toBeTruthy();
    expect(panel().textContent).toContain('This call has ended.');
    expect(screen.getByTestId('call-duration').textContent).toBe('Duration 1:15');

    fireEvent.click(within(screen.getByTestId(`call-row-${RINGING}`)).getAllByRole('button')[0]!);
    expect(screen.getByTestId('location').textContent).toBe(`/live_video?call=${RINGING}`);
    expect(screen.queryByTestId('incoming-call-banner')).toBeNull();
    expect(panel().textContent).toContain('Gate kiosk is calling.');
  });

  it('View call on the banner selects that call', async () => {
    server();
    renderWithApp(
      <>
        <IncomingCallBanner />
        <LiveVideoPage />
      </>,
      '/dashboard',
    );
    sendEvent(event({ name: 'new_call', device_name: 'Gate kiosk', device_id: 8 }));
    fireEvent.click(screen.getByTestId('incoming-call-view'));
    await waitFor(() => expect(panel().dataset.state).toBe('ringing'));
    expect(screen.getByTestId('call-answer')).toBeTruthy();
  });
});
