import type { NewsInput, NewsSettings } from '@esd/shared/content/news.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { newsKeys, newsSettingsKeys } from './news-keys';

export const NEWS_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const NEWS_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Creates (no id) or replaces an article, then uploads or removes its image if asked. */
export const saveNews = async (options: {
  id?: number;
  input: NewsInput;
  image?: File | null;
  removeImage?: boolean;
}) => {
  const { id, input } = options;
  let saved = await apiRequest<NewsSettings>(id ? `/settings/news/${id}` : '/settings/news', {
    method: id ? 'PUT' : 'POST',
    body: input,
  });
  if (options.image) {
    const body = new FormData();
    body.set('file', options.image);
    saved = await apiRequest<NewsSettings>(`/settings/news/${saved.id}/image`, {
      method: 'POST',
      body,
    });
  } else if (options.removeImage && saved.image_url) {
    saved = await apiRequest<NewsSettings>(`/settings/news/${saved.id}/image`, {
      method: 'DELETE',
    });
  }
  return saved;
};

export const deleteNews = (id: number) =>
  apiRequest<NewsSettings>(`/settings/news/${id}`, { method: 'DELETE' });

const useInvalidateNews = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: newsSettingsKeys.all }),
      queryClient.invalidateQueries({ queryKey: newsKeys.all }),
    ]);
};

export const useSaveNews = () => {
  const invalidate = useInvalidateNews();
  return useMutation({ mutationFn: saveNews, onSettled: invalidate });
};

export const useDeleteNews = () => {
  const invalidate = useInvalidateNews();
  return useMutation({ mutationFn: deleteNews, onSuccess: invalidate });
};
