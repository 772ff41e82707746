import type { Session, TestApp } from './harness.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls to the A.I. admin API of a suite's app as `session()` (read at each call, so a suite can
 * sign in again), and the category and topic most tests start from.
 */
export function aiCalls(t: TestApp, session: () => Session) {
  const call = (method: Method, path: string, payload?: object, s = session()) =>
    t.app.inject({
      method,
      url: `/admin_panel${path}`,
      headers: s.headers,
      ...(payload && { payload }),
    });
  const data = async (method: Method, path: string, payload?: object) => {
    const res = await call(method, path, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  /** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador, 3 Website Chatbot. */
  const category = (name: string, parent_id?: number, device_id = 1) =>
    data('POST', '/ai_config/intents/category', { device_id, name, parent_id });
  const topic = (name: string, body: object, device_id = 1) =>
    data('POST', '/ai_config/intents/intent', { device_id, name, ...body });
  return { call, data, category, topic };
}
