import { useMutation } from '@tanstack/react-query';
import { WidgetImage, widgetRoutes } from '@portal/contract';
import { ApiError, apiRequest } from '@/lib/api-client';

// POST /b2b/widgets/images (multipart `file`, JPG/PNG up to 5 MB): the widget names the image by its id when saved.
// The route has no body schema (the server reads the multipart stream), so the form goes as it is.
export function useUploadWidgetImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      const route = widgetRoutes.uploadImage;
      const data = await apiRequest(route.path, { method: route.method, body, auth: true });
      const parsed = WidgetImage.safeParse(data);
      if (!parsed.success) throw new ApiError('Unexpected response from the server', { kind: 'parse' });
      return parsed.data;
    },
  });
}
