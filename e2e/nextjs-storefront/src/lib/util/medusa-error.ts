// The starter's medusaError: it expects axios-shaped errors, which the JS SDK does not throw.
export default function medusaError(error: any): never {
  if (error.response) {
    const message = error.response.data.message || error.response.data
    throw new Error(message.charAt(0).toUpperCase() + message.slice(1) + ".")
  } else if (error.request) {
    throw new Error("No response received: " + error.request)
  } else {
    throw new Error("Error setting up the request: " + error.message)
  }
}
