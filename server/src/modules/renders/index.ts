export { RendersModule } from './renders.module.js';
export { RENDER_DISPATCH, type RenderDispatch } from './render-dispatch.port.js';
export { RenderEntity } from './render.entity.js';
