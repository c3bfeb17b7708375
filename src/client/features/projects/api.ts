import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  type CompleteProjectBody,
  type CreateProjectBody,
  type DeliverPullRequestBody,
  type Project,
  projectEndpoints,
  type ReviewWorkBody,
} from '#shared/contracts/projects.js';
import { type ProjectSearch, projectSearchParams } from '#shared/domain/project-search.js';
import { call, callWithHeaders, errorMessage, nextPageQuery } from '#client/lib/api.js';
import { userScopeKey, useUser } from '#client/lib/auth.js';

const endpoints = projectEndpoints;

/** Every project query starts with the list's path, so one prefix refreshes them all. */
export const projectKeys = {
  all: [endpoints.list.path] as const,
  browse: (search: ProjectSearch) => [endpoints.list.path, 'browse', search] as const,
  detail: (id: number) => [endpoints.list.path, id] as const,
  technologies: [endpoints.technologies.path] as const,
  ofUser: (userId: number) => [...userScopeKey(userId), 'projects'] as const,
  totalSpending: (userId: number) => [...userScopeKey(userId), 'total-spending'] as const,
};

/** The first page of GET /api/projects (newest first): the home page's featured list and the finisher dashboard. */
export const latestProjectsQuery = queryOptions({
  queryKey: projectKeys.all,
  queryFn: ({ signal }) => call(endpoints.list, {}, { signal }),
});

/** One page of Browse Projects, with the query of the next page (null on the last). */
export interface ProjectPage {
  projects: Project[];
  next: Record<string, string | string[]> | null;
}

type PageQuery = Record<string, string | string[]>;

/** The query of a search's first page: the browse URL's own names (GET /api/projects takes the same). */
const firstPageQuery = (search: ProjectSearch): PageQuery => {
  const query: PageQuery = {};
  for (const [key, value] of projectSearchParams(search)) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
};

/**
 * Browse Projects (issue 30, items 1 and 2): searched, filtered and sorted by the server, paged
 * through the Link rel="next" header (the next page's query carries the filters and the cursor).
 */
export const browseProjectsQuery = (search: ProjectSearch) =>
  infiniteQueryOptions<ProjectPage, Error, InfiniteData<ProjectPage, PageQuery>, ReturnType<typeof projectKeys.browse>, PageQuery>({
    queryKey: projectKeys.browse(search),
    initialPageParam: firstPageQuery(search),
    queryFn: async ({ pageParam, signal }): Promise<ProjectPage> => {
      const { data, headers } = await callWithHeaders(endpoints.list, { query: pageParam }, { signal });
      return { projects: data, next: nextPageQuery(headers.get('link')) };
    },
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
  });

export const technologiesQuery = queryOptions({
  queryKey: projectKeys.technologies,
  queryFn: ({ signal }) => call(endpoints.technologies, {}, { signal }),
});

export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => call(endpoints.detail, { params: { id } }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });

/** Projects the user submitted (owner) or was assigned (finisher). */
export const userProjectsQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: projectKeys.ofUser(userId ?? 0),
    queryFn: ({ signal }) => call(endpoints.ofUser, { params: { id: userId! } }, { signal }),
    enabled: Boolean(userId),
  });

export const totalSpendingQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: projectKeys.totalSpending(userId ?? 0),
    queryFn: ({ signal }) => call(endpoints.totalSpending, { params: { id: userId! } }, { signal }),
    enabled: Boolean(userId),
  });

export const useProjects = () => useQuery(latestProjectsQuery);
export const useBrowseProjects = (search: ProjectSearch) => useInfiniteQuery(browseProjectsQuery(search));
export const useTechnologies = () => useQuery(technologiesQuery);
export const useProject = (id: number) => useQuery(projectQuery(id));
export const useUserProjects = (userId: number | undefined) => useQuery(userProjectsQuery(userId));
export const useTotalSpending = (userId: number | undefined) => useQuery(totalSpendingQuery(userId));

/** After a project or bid changes: refetch every project query and the signed-in user's own lists. */
export async function invalidateProjects(queryClient: QueryClient, userId?: number | null): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    queryClient.invalidateQueries({ queryKey: projectKeys.technologies }),
    userId ? queryClient.invalidateQueries({ queryKey: userScopeKey(userId) }) : Promise.resolve(),
  ]);
}

/** The fields of projectData, the JSON text part of the multipart POST /api/projects (spec section 7). */
export type NewProjectData = CreateProjectBody & { submitterId: number };

export function projectFormData(projectData: NewProjectData, image?: File | null): FormData {
  const body = new FormData();
  body.append('projectData', JSON.stringify(projectData));
  if (image) body.append('image', image);
  return body;
}

/** Submit Project and the owner dashboard word their toasts differently (spec section 8). */
const createProjectToasts = {
  submitPage: {
    success: () => toast.success('Project submitted successfully', { description: 'Your project is now visible to potential finishers' }),
  },
  dashboard: { success: () => toast.success('Project submitted') },
};

/** POST /api/projects (multipart). Toasts live in the hook so they fire even if the form is gone by then. */
export function useCreateProject(variant: keyof typeof createProjectToasts) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: ({ projectData, image }: { projectData: NewProjectData; image?: File | null }) =>
      call(endpoints.create, { body: projectFormData(projectData, image) }),
    onSuccess: async () => {
      createProjectToasts[variant].success();
      await invalidateProjects(queryClient, user?.id);
    },
    onError: (error) => toast.error('Failed to submit project', { description: errorMessage(error, 'Please try again later') }),
  });
}

export type StatusChange = 'paused' | 'active' | 'cancelled';

const statusToast: Record<StatusChange, string> = {
  paused: 'Project paused',
  active: 'Project reactivated',
  cancelled: 'Project cancelled',
};

export function useUpdateProjectStatus(projectId: number) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: (status: StatusChange) => call(endpoints.updateStatus, { params: { id: projectId }, body: { status } }),
    onSuccess: async (_project, status) => {
      toast.success(statusToast[status]);
      await invalidateProjects(queryClient, user?.id);
    },
    onError: (error) => toast.error('Failed to update project status', { description: errorMessage(error, 'Please try again later') }),
  });
}

/** The assigned finisher delivers the work with a message (spec section 4). */
/** A delivery with files (issue 32, item 2): the message, the evidence as JSON text, and each file as `files`. */
function deliveryFormData(body: CompleteProjectBody, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('deliveryMessage', body.deliveryMessage);
  if (body.evidence) form.append('evidence', JSON.stringify(body.evidence));
  for (const file of files) form.append('files', file, file.name);
  return form;
}

export function useCompleteProject(projectId: number) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: ({ files = [], ...body }: CompleteProjectBody & { files?: readonly File[] }) =>
      call(endpoints.deliver, { params: { id: projectId }, body: files.length === 0 ? body : deliveryFormData(body, files) }),
    onSuccess: async () => {
      toast.success('Project marked as completed', { description: 'The client will now review your work.' });
      await invalidateProjects(queryClient, user?.id);
    },
    onError: (error) => toast.error('Failed to complete project', { description: errorMessage(error, 'Please try again later') }),
  });
}

/** The assigned finisher delivers by naming a pull request on the connected repository (issue 29). */
export function useDeliverPullRequest(projectId: number) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: (body: DeliverPullRequestBody) => call(endpoints.deliverPullRequest, { params: { id: projectId }, body }),
    onSuccess: async () => {
      toast.success('Pull request delivered', { description: 'The client will now review your work.' });
      await invalidateProjects(queryClient, user?.id);
    },
    onError: (error) => toast.error('Failed to deliver the pull request', { description: errorMessage(error, 'Please try again later') }),
  });
}

/** The owner accepts the delivered work ({ accepted: true }), or sends it back for a revision with a reason. */
export function useReviewWork(projectId: number) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: (review: ReviewWorkBody) => call(endpoints.review, { params: { id: projectId }, body: review }),
    onSuccess: async (_project, review) => {
      toast.success(review.accepted ? 'Project accepted' : 'Revision requested');
      await invalidateProjects(queryClient, user?.id);
    },
    onError: (error) => toast.error('Failed to process project completion', { description: errorMessage(error, 'Please try again later') }),
  });
}
