// Integration tests start server processes the way `npm start` does, from the compiled server:
// compile it once before they run, so that parallel test files never compile it at once.
export default async function compileServer(): Promise<void> {
  // @ts-expect-error: a JavaScript build script without type declarations
  const { buildServer } = await import('../scripts/build.mjs');
  await buildServer();
}
