/**
 * A render child process that starts and then never answers a render (a hung Chromium, as the
 * render processor would be): for the stall watchdog's test of RenderProcessPool.
 */
process.send?.({ type: 'ready' });
process.on('message', () => {
  // Says nothing, ever.
});
process.on('disconnect', () => process.exit(0));
