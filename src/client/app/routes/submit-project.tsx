import { Card, CardContent } from '#client/components/ui/card.js';
import { SubmitProjectForm } from '#client/features/projects/submit-project-form.js';

export default function SubmitProjectPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Submit Your Project</h1>
      <p className="mt-2 text-muted-foreground">Describe what you have built so far and let developers bid to finish it.</p>
      <Card className="mt-8">
        <CardContent>
          <SubmitProjectForm />
        </CardContent>
      </Card>
    </div>
  );
}
