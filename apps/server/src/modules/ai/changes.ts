/** Told after every change of a device's topics, so the matcher rebuilds what changed. */
export interface AiChangeListener {
  /** Topics changed (created, edited, keywords added...); without ids, anything may have. */
  changed(deviceId: number, topicIds?: number[]): void;
}
