import { Alert } from '@chakra-ui/react';

/** The one message a print-job form shows when it refuses (announced as an alert), or nothing. */
export function FormError({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
