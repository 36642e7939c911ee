// Placeholder: replaced by the renders-jobs branch at merge.
import { Module } from '@nestjs/common';
import { RENDER_DISPATCH, type RenderDispatch } from '../render-dispatch.port.js';

const nothing: RenderDispatch = {
  pump: () => Promise.resolve(),
  stop: () => Promise.resolve(),
};

@Module({
  providers: [{ provide: RENDER_DISPATCH, useValue: nothing }],
  exports: [RENDER_DISPATCH],
})
export class RenderJobsModule {}
