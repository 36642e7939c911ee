export type DependencyState = 'up' | 'down' | 'not-configured';

export interface HealthResponse {
  status: 'ok';
}

export interface ReadinessResponse {
  status: 'ok' | 'unavailable';
  database: DependencyState;
  redis: DependencyState;
}
