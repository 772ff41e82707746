import { describe, expect, it, vi } from 'vitest';
import { DeviceApiError } from '../api/device-client';
import { createSpeechPlayer } from './speech-player';

/** jsdom cannot play audio: clips "play" until they are paused or end. */
function stubAudio() {
  const played: string[] = [];
  const paused: string[] = [];
  const clips: HTMLMediaElement[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: (b: Blob) => `blob:${b.size}`, revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.getAttribute('src') ?? '');
    clips.push(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.push(this.getAttribute('src') ?? '');
  });
  return { played, paused, clips };
}

describe('speech player', () => {
  it('plays one clip at a time and a new answer cuts the old one off', async () => {
    const { played, paused } = stubAudio();
    const asked: string[] = [];
    const player = createSpeechPlayer(async (_language, text) => {
      asked.push(text);
      return new Blob(['x'.repeat(text.length)]);
    });
    player.speak([
      { language: 'english', text: 'first' },
      { language: 'english', text: 'second!' },
    ]);
    await vi.waitFor(() => expect(played).toEqual(['blob:5']));
    expect(asked).toEqual(['first']);

    player.speak([{ language: 'english', text: 'newer answer' }]);
    await vi.waitFor(() => expect(played).toEqual(['blob:5', 'blob:12']));
    expect(paused).toContain('blob:5');
    // The old answer's second clip is never fetched.
    expect(asked).toEqual(['first', 'newer answer']);
    expect(played).toEqual(['blob:5', 'blob:12']);
  });

  it('stops when muted and stops asking once the server has no speech engine', async () => {
    stubAudio();
    const fetchSpeech = vi.fn(async () => {
      throw new DeviceApiError(503, 'tts_unavailable', 'no engine');
    });
    const player = createSpeechPlayer(fetchSpeech);
    expect(await player.speak([{ language: 'german', text: 'Hallo' }])).toBe(false);
    expect(await player.speak([{ language: 'german', text: 'Noch einmal' }])).toBe(false);
    expect(fetchSpeech).toHaveBeenCalledTimes(1);

    const other = vi.fn(async () => new Blob(['x']));
    const mutedPlayer = createSpeechPlayer(other);
    mutedPlayer.setMuted(true);
    expect(await mutedPlayer.speak([{ language: 'german', text: 'Hallo' }])).toBe(false);
    expect(other).not.toHaveBeenCalled();
  });

  it('says nothing while held for a call, whatever the mute switch says, and speaks again after', async () => {
    const { played, paused } = stubAudio();
    const asked: string[] = [];
    const player = createSpeechPlayer(async (_language, text) => {
      asked.push(text);
      return new Blob([text]);
    });
    player.speak([{ language: 'english', text: 'playing' }]);
    await vi.waitFor(() => expect(played).toEqual(['blob:7']));
    player.hold(true);
    expect(paused).toContain('blob:7');
    expect(await player.speak([{ language: 'english', text: 'announcement' }])).toBe(false);
    expect(asked).toEqual(['playing']);

    player.hold(false);
    player.speak([{ language: 'english', text: 'after the call' }]);
    await vi.waitFor(() => expect(played).toEqual(['blob:7', 'blob:14']));
    expect(asked).toEqual(['playing', 'after the call']);
  });

  it('tells when the speech was heard to its end, and when it was not', async () => {
    const { clips } = stubAudio();
    const player = createSpeechPlayer(async (_language, text) => new Blob([text]));
    const whole = player.speak([
      { language: 'english', text: 'one' },
      { language: 'english', text: 'two' },
    ]);
    await vi.waitFor(() => expect(clips).toHaveLength(1));
    clips.at(-1)!.dispatchEvent(new Event('ended'));
    await vi.waitFor(() => expect(clips).toHaveLength(2));
    clips.at(-1)!.dispatchEvent(new Event('ended'));
    await expect(whole).resolves.toBe(true);

    const cut = player.speak([{ language: 'english', text: 'cut off' }]);
    await vi.waitFor(() => expect(clips).toHaveLength(3));
    player.stop();
    await expect(cut).resolves.toBe(false);
    await expect(player.speak([{ language: 'english', text: '  ' }])).resolves.toBe(false);
    player.setMuted(true);
    await expect(player.speak([{ language: 'english', text: 'muted' }])).resolves.toBe(false);
  });

  it('speaks through the avatar while it can, with the text; as audio when it cannot', async () => {
    const { played } = stubAudio();
    const player = createSpeechPlayer(async (_language, text) => new Blob([text]));
    const voiced: string[] = [];
    let avatarShown = true;
    player.setVoice((blob, text) => {
      if (!avatarShown) return null;
      voiced.push(`${text}:${blob.size}`);
      return Promise.resolve(true);
    });
    expect(await player.speak([{ language: 'english', text: 'Welcome to the mall' }])).toBe(true);
    expect(voiced).toEqual(['Welcome to the mall:19']);
    expect(played).toEqual([]);
    avatarShown = false;
    void player.speak([{ language: 'english', text: 'Hello' }]);
    await vi.waitFor(() => expect(played).toHaveLength(1));
    expect(voiced).toHaveLength(1);
  });
});
