import { AiModelFiguresSchema } from '@tips/contract';
import type { AppInstance, FeatureDeps } from '../../app-types';
import { createAiModelFiguresService } from './ai-model-figures.service';

/** The AI tier's public figures: GET /api/ai-model (the model's backtest and live record). */
export async function aiModelFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const service = createAiModelFiguresService({ db: deps.database.db });
  app.get(
    '/ai-model',
    {
      config: { ignoreAccessToken: true },
      schema: {
        tags: ['ai-model'],
        summary: 'How the AI tiers are made and how they did: backtest, calibration, live hit rates',
        response: { 200: AiModelFiguresSchema },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=60').send(await service.figures()),
  );
}
