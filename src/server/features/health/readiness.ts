/**
 * Whether this instance wants new traffic. main.ts flips it when shutdown begins, before the
 * server stops accepting, so a proxy or orchestrator polling /api/health/ready takes the
 * instance out of rotation while its requests in flight still finish.
 */
export class Readiness {
  private draining = false;

  get isDraining(): boolean {
    return this.draining;
  }

  startDraining(): void {
    this.draining = true;
  }
}
