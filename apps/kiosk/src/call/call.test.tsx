import type { Call, StartCallResponse } from '@ambassador/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Timing } from '../lib/timing';
import { FAST, SESSION_ID, fakeDevice, openChat, renderKiosk, type DeviceCall } from '../test/fake-device';
import { fakeTime, passTime } from '../test/fake-time';
import { fakeCamera, fakePeers } from '../test/fake-media';

const CALL_ID = '5c0e7a1b-2d3f-4a5b-9c6d-7e8f9a0b1c2d';
const ICE = [{ urls: 'stun:stun.example.org:3478' }];

function call(status: Call['status']): Call {
  return {
    real_session_id: CALL_ID,
    project_id: 1,
    device_id: 7,
    device_name: 'Lobby kiosk',
    status,
    created_at: '2025-01-01T09:00:00.000Z',
    answered_at: null,
    ended_at: null,
    answered_by: null,
    duration_seconds: null,
  };
}

const RINGING: StartCallResponse = {
  status: 'ringing',
  call: call('ringing'),
  ring_seconds: 45,
  ice_servers: ICE,
};

/** A kiosk in an English Q&A session with a camera; POST /calls answers `started`. */
async function callFromChat({
  started = RINGING,
  refuseCamera = false,
  timing = FAST,
}: { started?: StartCallResponse; refuseCamera?: boolean; timing?: Partial<Timing> } = {}) {
  const camera = fakeCamera({ refuse: refuseCamera });
  const peers = fakePeers();
  const calls = fakeDevice((c) => {
    if (c.method === 'POST' && c.path === '/calls') return { body: started };
    if (c.path === `/calls/${CALL_ID}/end`) return { body: call('ended') };
    return undefined;
  });
  const { sockets } = renderKiosk({ timing });
  await openChat();
  fireEvent.click(screen.getByTestId('kiosk-call'));
  return { camera, peers, calls, socket: sockets.socket };
}

const status = () => screen.getByTestId('kiosk-call-status').textContent;
const ends = (calls: DeviceCall[]) => calls.filter((c) => c.path === `/calls/${CALL_ID}/end`);
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('video call', () => {
  it('tapped while the socket reconnects (the server restarted), it waits for it, then rings', async () => {
    const camera = fakeCamera({});
    fakePeers();
    const calls = fakeDevice((c) => {
      if (c.method === 'POST' && c.path === '/calls') return { body: RINGING };
      return undefined;
    });
    const { sockets } = renderKiosk({ timing: FAST });
    await openChat();
    sockets.socket.serverDisconnect('transport close');
    fireEvent.click(screen.getByTestId('kiosk-call'));
    await waitFor(() => expect(camera.getUserMedia).toHaveBeenCalled());
    // Kept: one turn of the event loop (no time) for the camera's answer to be taken; waiting for
    // the socket shows nothing that could be waited for instead.
    await flush();
    // Not failed, and no call started while nothing could reach the kiosk.
    expect(calls.some((c) => c.path === '/calls')).toBe(false);
    sockets.socket.serverConnect();
    await waitFor(() => expect(status()).toBe('Calling…'));
    expect(calls.filter((c) => c.path === '/calls')).toHaveLength(1);
  });

  it('rings with the own picture showing, then connects when an operator answers and offers', async () => {
    const { camera, peers, calls, socket } = await callFromChat();

    await waitFor(() => expect(status()).toBe('Calling…'));
    expect(camera.getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });
    expect(calls.find((c) => c.path === '/calls')!.body).toEqual({ language: 'english' });
    // The picture is attached by an effect after the status renders: under load, a beat later.
    await waitFor(() =>
      expect((screen.getByTestId('kiosk-local-video') as HTMLVideoElement).srcObject).toBe(camera.stream),
    );
    expect(screen.getByTestId('kiosk-call-cancel').textContent).toBe('Cancel');
    expect(peers).toHaveLength(0);

    socket.serverSend('call:update', { real_session_id: CALL_ID, status: 'answered' });
    expect(status()).toBe('Connected');
    expect(peers).toHaveLength(1);
    const peer = peers[0]!;
    expect(peer.config).toEqual({ iceServers: ICE });
    expect(peer.tracks).toEqual(camera.tracks);

    // A candidate that comes before the offer waits for it.
    socket.serverSend('call:signal', {
      real_session_id: CALL_ID,
      candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.2 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    });
    // Not taken now (the peer refuses a candidate before an offer): it is there once the offer is, below.
    expect(peer.candidates).toHaveLength(0);

    socket.serverSend('call:signal', {
      real_session_id: CALL_ID,
      description: { type: 'offer', sdp: 'v=0 operator-offer' },
    });
    await waitFor(() =>
      expect(socket.sent('call:signal')).toContainEqual({
        real_session_id: CALL_ID,
        description: { type: 'answer', sdp: 'v=0 kiosk-answer' },
      }),
    );
    expect(peer.remoteDescription).toEqual({ type: 'offer', sdp: 'v=0 operator-offer' });
    expect(peer.candidates.map((c) => c.candidate)).toEqual(['candidate:1 1 udp 1 10.0.0.2 5000 typ host']);

    // Our candidates go to the operator; theirs after the offer go straight in.
    act(() => peer.gather('candidate:2 1 udp 1 10.0.0.9 6000 typ host'));
    expect(socket.sent('call:signal').at(-1)).toEqual({
      real_session_id: CALL_ID,
      candidate: { candidate: 'candidate:2 1 udp 1 10.0.0.9 6000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    });
    socket.serverSend('call:signal', { real_session_id: CALL_ID, candidate: { candidate: 'candidate:3' } });
    await waitFor(() => expect(peer.candidates).toHaveLength(2));

    const remote = { id: 'remote-stream', getTracks: () => [] } as unknown as MediaStream;
    act(() => peer.remoteStream(remote));
    expect((screen.getByTestId('kiosk-remote-video') as HTMLVideoElement).srcObject).toBe(remote);
    expect(screen.getByTestId('kiosk-local-video').className).toContain('k-call-self-small');
  });

  it('hangs up: tells the server, closes the connection, stops the camera, then closes the view', async () => {
    const { camera, peers, calls, socket } = await callFromChat({ timing: { ...FAST, callEndedMs: 200 } });
    await waitFor(() => expect(status()).toBe('Calling…'));
    socket.serverSend('call:update', { real_session_id: CALL_ID, status: 'answered' });
    fireEvent.click(screen.getByTestId('kiosk-hangup'));

    expect(status()).toBe('Call ended');
    expect(peers[0]!.closed).toBe(true);
    expect(camera.tracks.every((t) => t.stopped)).toBe(true);
    expect(screen.queryByTestId('kiosk-local-video')).toBeNull();
    await waitFor(() => expect(ends(calls)).toHaveLength(1));
    // After a short note, back to the Q&A chat.
    await waitFor(() => expect(screen.queryByTestId('kiosk-call-status')).toBeNull());
    expect(screen.getByTestId('kiosk-input')).toBeTruthy();
  });

  it('answers an offer that comes before the "answered" update', async () => {
    const { peers, socket } = await callFromChat();
    await waitFor(() => expect(status()).toBe('Calling…'));
    socket.serverSend('call:signal', {
      real_session_id: CALL_ID,
      description: { type: 'offer', sdp: 'v=0 o' },
    });
    await waitFor(() => expect(socket.sent('call:signal')).toHaveLength(1));
    expect(peers).toHaveLength(1);
    socket.serverSend('call:update', { real_session_id: CALL_ID, status: 'answered' });
    expect(status()).toBe('Connected');
    expect(peers).toHaveLength(1);
  });

  it('ignores updates and signals of other calls', async () => {
    const { peers, socket } = await callFromChat();
    await waitFor(() => expect(status()).toBe('Calling…'));
    const other = '0c0e7a1b-2d3f-4a5b-9c6d-7e8f9a0b1c2d';
    socket.serverSend('call:update', { real_session_id: other, status: 'missed' });
    socket.serverSend('call:signal', { real_session_id: other, description: { type: 'offer', sdp: 'x' } });
    expect(status()).toBe('Calling…');
    expect(peers).toHaveLength(0);
    // Then this call's own answer and offer: signals are handled in order, so once the kiosk has
    // answered this offer, the other call's would have been taken before it. It was not.
    socket.serverSend('call:update', { real_session_id: CALL_ID, status: 'answered' });
    socket.serverSend('call:signal', {
      real_session_id: CALL_ID,
      description: { type: 'offer', sdp: 'v=0 mine' },
    });
    await waitFor(() =>
      expect(socket.sent('call:signal')).toContainEqual(
        expect.objectContaining({ real_session_id: CALL_ID, description: expect.anything() }),
      ),
    );
    expect(peers).toHaveLength(1);
    expect(peers[0]!.remoteDescription).toEqual({ type: 'offer', sdp: 'v=0 mine' });
    expect(
      socket.sent('call:signal').filter((s) => (s as { description?: unknown }).description),
    ).toHaveLength(1);
  });

  it('says no one is available when nobody answers, and stops the camera', async () => {
    const { camera, calls, socket } = await callFromChat();
    await waitFor(() => expect(status()).toBe('Calling…'));
    socket.serverSend('call:update', { real_session_id: CALL_ID, status: 'missed' });

    expect(status()).toBe('No one is available right now. Please try again later.');
    expect(camera.tracks.every((t) => t.stopped)).toBe(true);
    expect(screen.getByTestId('kiosk-call-retry')).toBeTruthy();
    // The server ended it already.
    expect(ends(calls)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('kiosk-call-close'));
    expect(screen.getByTestId('kiosk-input')).toBeTruthy();
  });

  it('cleans up when the operator hangs up', async () => {
    const { camera, peers, socket } = await callFromChat();
    await waitFor(() => expect(status()).toBe('Calling…'));
    socket.serverSend('call:update', { real_session_id: CALL_ID, status: 'answered' });
    socket.serverSend('call:update', { real_session_id: CALL_ID, status: 'ended' });

    expect(status()).toBe('Call ended');
    expect(peers[0]!.closed).toBe(true);
    expect(camera.tracks.every((t) => t.stopped)).toBe(true);
    expect(screen.queryByTestId('kiosk-remote-video')).toBeNull();
  });

  it('cancels a ringing call and goes back', async () => {
    const { camera, calls } = await callFromChat();
    await waitFor(() => expect(status()).toBe('Calling…'));
    fireEvent.click(screen.getByTestId('kiosk-call-cancel'));

    expect(screen.queryByTestId('kiosk-call-status')).toBeNull();
    expect(screen.getByTestId('kiosk-input')).toBeTruthy();
    expect(camera.tracks.every((t) => t.stopped)).toBe(true);
    await waitFor(() => expect(ends(calls)).toHaveLength(1));
  });

  it("shows the operators' offline response instead of calling outside their hours", async () => {
    const { camera, peers } = await callFromChat({
      started: {
        status: 'offline',
        offline_response: 'Our staff are available 9:00–18:00. Please visit the front desk.',
      },
    });
    await waitFor(() =>
      expect(status()).toBe('Our staff are available 9:00–18:00. Please visit the front desk.'),
    );
    expect(camera.tracks.every((t) => t.stopped)).toBe(true);
    expect(peers).toHaveLength(0);
    expect(screen.queryByTestId('kiosk-call-retry')).toBeNull();
  });

  it('does not call when the camera or microphone is refused', async () => {
    const { calls } = await callFromChat({ refuseCamera: true });
    await waitFor(() => expect(status()).toBe('The camera or microphone is not available.'));
    expect(calls.some((c) => c.path === '/calls')).toBe(false);
  });

  it('ends a call whose connection fails, and offers to call again', async () => {
    const { camera, peers, calls, socket } = await callFromChat();
    await waitFor(() => expect(status()).toBe('Calling…'));
    socket.serverSend('call:update', { real_session_id: CALL_ID, status: 'answered' });
    act(() => peers[0]!.fail());

    expect(status()).toBe('The connection was lost.');
    expect(camera.tracks.every((t) => t.stopped)).toBe(true);
    await waitFor(() => expect(ends(calls)).toHaveLength(1));
    fireEvent.click(screen.getByTestId('kiosk-call-retry'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/calls')).toHaveLength(2));
  });

  it('holds the idle timeout during a call, and lets it run again once the call is over', async () => {
    fakeTime();
    const { calls, socket } = await callFromChat({ timing: { ...FAST, idleMs: 300, warningMs: 150 } });
    await waitFor(() => expect(status()).toBe('Calling…'));
    socket.serverSend('call:update', { real_session_id: CALL_ID, status: 'answered' });
    await passTime(700);
    expect(status()).toBe('Connected');
    expect(screen.queryByTestId('kiosk-idle')).toBeNull();

    // Once the call is over the clock runs again and the session ends.
    socket.serverSend('call:update', { real_session_id: CALL_ID, status: 'ended' });
    expect(await screen.findByTestId('kiosk-start-english', {}, { timeout: 3_000 })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === `/sessions/${SESSION_ID}/end`)).toBe(true));
  });

  it('hangs up a ringing call when the kiosk is unpaired by a refused key', async () => {
    const { camera, calls, socket } = await callFromChat();
    await waitFor(() => expect(status()).toBe('Calling…'));
    socket.serverRefuse('unauthorized');

    expect(screen.getByTestId('kiosk-key')).toBeTruthy();
    expect(camera.tracks.every((t) => t.stopped)).toBe(true);
    await waitFor(() => expect(ends(calls)).toHaveLength(1));
  });
});
