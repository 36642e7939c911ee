import { Injectable } from '@nestjs/common';
import {
  projectMessages,
  type OnboardingRequest,
  type OnboardingResponse,
} from '@animata/contracts';
import type { Actor } from '../../common/access/index.js';
import { CommonException } from '../../common/errors/common.exception.js';
import { CustomersRepository } from '../customers/index.js';

/**
 * The projects onboarding (projects-dashboard §4): the welcome screen and the 3-step tour record
 * their steps; finishing or cancelling clears the flag, so neither shows again.
 */
@Injectable()
export class OnboardingService {
  constructor(private readonly customers: CustomersRepository) {}

  async projects(actor: Actor, request: OnboardingRequest): Promise<OnboardingResponse> {
    if (request.action === 'step') {
      if (request.step === undefined)
        throw CommonException.validation({ step: projectMessages.stepRequired });
      await this.customers.setProjectsOnboarding(actor.customerId, { step: request.step });
    } else {
      await this.customers.setProjectsOnboarding(actor.customerId, { projects: false });
    }
    const customer = await this.customers.findById(actor.customerId);
    if (!customer) throw CommonException.unauthenticated();
    return {
      onboarding: { projects: customer.onboardingProjects, step: customer.onboardingStep },
    };
  }
}
