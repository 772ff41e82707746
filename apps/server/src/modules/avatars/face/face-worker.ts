import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

/**
 * The face detector's thread: TensorFlow.js on its WebAssembly backend with @vladmandic/face-api's
 * SSD MobileNet v1 face detector and 68-point landmark model. The weights and the .wasm binaries
 * are files inside their npm packages, read from disk: nothing is fetched at run time. Models load
 * once; each message is one RGB image, answered with the faces found.
 */
interface Request {
  id: number;
  width: number;
  height: number;
  rgb: Uint8Array;
}
interface Tensor {
  dispose(): void;
}
interface FaceApi {
  nets: {
    ssdMobilenetv1: { loadFromDisk(dir: string): Promise<void> };
    faceLandmark68Net: { loadFromDisk(dir: string): Promise<void> };
  };
  SsdMobilenetv1Options: new (o: { minConfidence: number; maxResults: number }) => unknown;
  detectAllFaces(
    input: Tensor,
    options: unknown,
  ): {
    withFaceLandmarks(): Promise<
      Array<{
        detection: { score: number; box: { x: number; y: number; width: number; height: number } };
        landmarks: { positions: Array<{ x: number; y: number }> };
      }>
    >;
  };
}

const require = createRequire(import.meta.url);

async function load() {
  const tf = require('@tensorflow/tfjs') as {
    setBackend(name: string): Promise<boolean>;
    ready(): Promise<void>;
    tensor3d(values: Int32Array, shape: [number, number, number], dtype: 'int32'): Tensor;
  };
  const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(prefix: string): void };
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  wasm.setWasmPaths(`${wasmDir}${path.sep}`);
  await tf.setBackend('wasm');
  await tf.ready();
  const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  return { tf, faceapi };
}

const ready = load();

parentPort?.on('message', (req: Request) => {
  void (async () => {
    try {
      const { tf, faceapi } = await ready;
      const input = tf.tensor3d(Int32Array.from(req.rgb), [req.height, req.width, 3], 'int32');
      try {
        const found = await faceapi
          .detectAllFaces(input, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5, maxResults: 10 }))
          .withFaceLandmarks();
        parentPort?.postMessage({
          id: req.id,
          faces: found.map((f) => ({
            score: f.detection.score,
            box: {
              x: f.detection.box.x,
              y: f.detection.box.y,
              width: f.detection.box.width,
              height: f.detection.box.height,
            },
            landmarks: f.landmarks.positions.map((p) => [p.x, p.y]),
          })),
        });
      } finally {
        input.dispose();
      }
    } catch (e) {
      parentPort?.postMessage({ id: req.id, error: e instanceof Error ? e.message : String(e) });
    }
  })();
});
