// The renders feature's public file. On branch renders-jobs only the render jobs exist; the
// renders API (branch renders-api) adds RendersModule here, which imports RenderJobsModule.
export { RenderJobsModule } from './jobs/render-jobs.module.js';
export { RENDER_DISPATCH, type RenderDispatch } from './render-dispatch.port.js';
