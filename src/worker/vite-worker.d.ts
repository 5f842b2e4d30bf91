/** Vite's inline worker import (`?worker&inline`): a constructor of a module worker whose code is bundled in. */
declare module '*?worker&inline' {
  const WorkerConstructor: new (options?: { name?: string }) => Worker;
  export default WorkerConstructor;
}
