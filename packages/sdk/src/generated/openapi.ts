/**
 * Generated from the Lumen Studio API (GET /api/v1/openapi.json) by packages/sdk/scripts/generate.ts.
 * Do not edit: run `npm run generate -w @lumen/sdk` after changing a route or a schema.
 * packages/sdk/test/generated.test.ts fails while this file differs from the server it was made from.
 */
export interface paths {
    "/api/v1/credits/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your credit balance */
        get: operations["credits.getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credits/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your credit ledger, newest first */
        get: operations["credits.listHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The AI services with their cost, inputs, output and engine (usesLeft when signed in) */
        get: operations["services.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your jobs, newest first (the result library) */
        get: operations["jobs.list"];
        put?: never;
        /** Submit a job: charges the cost, records and enqueues it in one transaction (Idempotency-Key honoured) */
        post: operations["jobs.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What the service will make of a request, free: the built-in engines read it as the job would, and say when they would refuse it (POST /jobs then answers 422 and charges nothing) */
        post: operations["jobs.preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One job */
        get: operations["jobs.get"];
        put?: never;
        post?: never;
        /** Delete a finished job and its result files (409 while it's queued or running) */
        delete: operations["jobs.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-Sent Events: 'job' with the job on every change; closes after a final status */
        get: operations["jobs.streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a job that has not finished: it fails, its credits are refunded, and a hosted provider stops working on it */
        post: operations["jobs.cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a job again as a new job (charged again) */
        post: operations["jobs.retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A short-lived signed link to download the job's primary result (users who have purchased credits, and admins) */
        get: operations["jobs.download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/outputs/{outputId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A short-lived signed link to download the original (users who have purchased credits, and admins) */
        get: operations["jobs.downloadOutput"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload an image (png, jpeg, webp; max 15 MB, 40 MP, min 64×64) or a transcript (.txt/.vtt/.srt, max 1 MB) */
        post: operations["uploads.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "credits.getBalance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "balance": 42
                         *     }
                         */
                        data: {
                            balance: number;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    "credits.listHistory": {
        parameters: {
            query?: {
                limit?: number;
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            items: {
                                id: string;
                                amount: number;
                                balanceAfter: number;
                                /** @enum {string} */
                                kind: "signup_bonus" | "purchase" | "job_charge" | "job_refund" | "admin_adjustment" | "payment_refund" | "subscription_grant";
                                description: string;
                                serviceKey: string | null;
                                createdAt: string;
                            }[];
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                        message?: string;
                    };
                };
            };
            /** @description The request is invalid (VALIDATION_ERROR names each field in error.details) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "email: Enter a valid e-mail address",
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "details": [
                     *           {
                     *             "field": "email",
                     *             "message": "Enter a valid e-mail address"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    "services.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @enum {string} */
                            key: "ai-background" | "image-generator" | "virtual-try-on" | "speedpainting" | "sales-pilot" | "sound-generator";
                            name: string;
                            description: string;
                            cost: number;
                            usesLeft?: number | null;
                            freeRunsPerDay?: number;
                            /** @enum {string} */
                            outputKind: "image" | "video" | "audio" | "report";
                            /** @description What runs the service: a hosted model (kind remote, with provider and model) or the offline engine */
                            engine: {
                                /** @enum {string} */
                                kind: "builtin" | "remote";
                                label: string;
                                /** @description The hosted provider running the service (e.g. Replicate); null on the offline engine */
                                provider: string | null;
                                /** @description The provider's model (e.g. black-forest-labs/flux-schnell); null on the offline engine */
                                model: string | null;
                            };
                            files: {
                                name: string;
                                label: string;
                                required: boolean;
                                accept: string[];
                                maxBytes: number;
                                maxPixels?: number;
                            }[];
                        }[];
                        message?: string;
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    "jobs.list": {
        parameters: {
            query?: {
                service?: "ai-background" | "image-generator" | "virtual-try-on" | "speedpainting" | "sales-pilot" | "sound-generator";
                status?: "queued" | "running" | "at_provider" | "succeeded" | "failed";
                /** @example lighthouse */
                search?: string;
                limit?: number;
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            items: {
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                service: "ai-background" | "image-generator" | "virtual-try-on" | "speedpainting" | "sales-pilot" | "sound-generator";
                                /** @enum {string} */
                                status: "queued" | "running" | "at_provider" | "succeeded" | "failed";
                                progress: number;
                                params: {
                                    [key: string]: unknown;
                                };
                                cost: number;
                                engine: {
                                    /** @enum {string} */
                                    kind: "builtin" | "remote";
                                    label: string;
                                };
                                error: string | null;
                                refunded: boolean;
                                createdAt: string;
                                startedAt: string | null;
                                finishedAt: string | null;
                                durationMs: number | null;
                                outputs: {
                                    /** Format: uuid */
                                    id: string;
                                    /** @enum {string} */
                                    kind: "image" | "video" | "audio" | "report";
                                    name: string;
                                    contentType: string;
                                    size: number;
                                    /** @description A signed link (inline) to what the app shows: the original file when the viewer may download (canDownload), otherwise the reduced, watermarked preview */
                                    previewUrl: string;
                                    /** @description True when previewUrl is the reduced, watermarked preview rather than the original file */
                                    preview: boolean;
                                }[];
                                summary: {
                                    [key: string]: unknown;
                                } | null;
                                canDownload: boolean;
                                input: {
                                    name: string;
                                    previewUrl: string | null;
                                } | null;
                            }[];
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                        message?: string;
                    };
                };
            };
            /** @description The request is invalid (VALIDATION_ERROR names each field in error.details) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "email: Enter a valid e-mail address",
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "details": [
                     *           {
                     *             "field": "email",
                     *             "message": "Enter a valid e-mail address"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    "jobs.create": {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    service: "ai-background";
                    params: {
                        /** @enum {string} */
                        mode: "transparent" | "color" | "preset" | "upload";
                        color?: string;
                        preset?: number;
                    };
                    files: {
                        /**
                         * Format: uuid
                         * @description Photo (required): an upload id from POST /uploads
                         */
                        image: string;
                        /**
                         * Format: uuid
                         * @description Background picture (upload mode): an upload id from POST /uploads
                         */
                        background?: string;
                    };
                } | {
                    /** @enum {string} */
                    service: "image-generator";
                    params: {
                        prompt: string;
                        negativePrompt?: string;
                        /**
                         * @default 1:1
                         * @enum {string}
                         */
                        aspectRatio?: "1:1" | "16:9" | "9:16" | "4:3" | "3:4";
                        /**
                         * @default abstract
                         * @enum {string}
                         */
                        style?: "abstract" | "watercolor" | "neon" | "minimal" | "landscape";
                        /** @default 1 */
                        numberOfImages?: number;
                        seed?: number;
                    };
                    /** @default {} */
                    files?: Record<string, never>;
                } | {
                    /** @enum {string} */
                    service: "virtual-try-on";
                    params: {
                        /** @enum {string} */
                        category: "top" | "bottom" | "dress" | "outerwear";
                        /** @enum {boolean} */
                        consentToLikeness: true;
                        /** Format: uuid */
                        modelId?: string;
                        /** Format: uuid */
                        garmentId?: string;
                    };
                    /** @default {} */
                    files?: {
                        /**
                         * Format: uuid
                         * @description Person photo (or choose a model): an upload id from POST /uploads
                         */
                        person?: string;
                        /**
                         * Format: uuid
                         * @description Garment photo (or choose from the catalogue): an upload id from POST /uploads
                         */
                        garment?: string;
                    };
                } | {
                    /** @enum {string} */
                    service: "speedpainting";
                    /** @default {} */
                    params?: {
                        /** @default 10 */
                        durationSeconds?: number;
                        /**
                         * @default 480p
                         * @enum {string}
                         */
                        resolution?: "480p" | "720p";
                        /**
                         * @default oil
                         * @enum {string}
                         */
                        style?: "oil" | "watercolor" | "sketch";
                    };
                    files: {
                        /**
                         * Format: uuid
                         * @description Picture (required): an upload id from POST /uploads
                         */
                        image: string;
                    };
                } | {
                    /** @enum {string} */
                    service: "sales-pilot";
                    /** @default {} */
                    params?: {
                        text?: string;
                        /**
                         * @default en
                         * @enum {string}
                         */
                        language?: "en";
                    };
                    /** @default {} */
                    files?: {
                        /**
                         * Format: uuid
                         * @description Transcript (.txt, .vtt or .srt) instead of pasted text: an upload id from POST /uploads
                         */
                        transcript?: string;
                    };
                } | {
                    /** @enum {string} */
                    service: "sound-generator";
                    params: {
                        prompt: string;
                        /** @default 8 */
                        durationSeconds?: number;
                        /**
                         * @default wav
                         * @enum {string}
                         */
                        format?: "wav";
                    };
                    /** @default {} */
                    files?: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": "3f0b9a52-6c1e-4f7a-9a43-1c2d3e4f5a6b",
                         *       "service": "image-generator",
                         *       "status": "succeeded",
                         *       "progress": 1,
                         *       "params": {
                         *         "prompt": "a sailboat on a calm sea at dawn",
                         *         "aspectRatio": "16:9",
                         *         "style": "watercolor",
                         *         "numberOfImages": 1
                         *       },
                         *       "cost": 1,
                         *       "engine": {
                         *         "kind": "builtin",
                         *         "label": "Built-in image engine"
                         *       },
                         *       "error": null,
                         *       "refunded": false,
                         *       "createdAt": "2026-11-25T10:00:00.000Z",
                         *       "startedAt": "2026-11-25T10:00:00.412Z",
                         *       "finishedAt": "2026-11-25T10:00:02.908Z",
                         *       "durationMs": 2496,
                         *       "outputs": [
                         *         {
                         *           "id": "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a",
                         *           "kind": "image",
                         *           "name": "image-1.png",
                         *           "contentType": "image/png",
                         *           "size": 482113,
                         *           "previewUrl": "https://lumen.example/api/v1/files/eyJrIjoiam9icy8uLi4ifQ.sig",
                         *           "preview": false
                         *         }
                         *       ],
                         *       "summary": {
                         *         "style": "watercolor",
                         *         "aspectRatio": "16:9",
                         *         "seed": 1842
                         *       },
                         *       "canDownload": true
                         *     }
                         */
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            service: "ai-background" | "image-generator" | "virtual-try-on" | "speedpainting" | "sales-pilot" | "sound-generator";
                            /** @enum {string} */
                            status: "queued" | "running" | "at_provider" | "succeeded" | "failed";
                            progress: number;
                            params: {
                                [key: string]: unknown;
                            };
                            cost: number;
                            engine: {
                                /** @enum {string} */
                                kind: "builtin" | "remote";
                                label: string;
                            };
                            error: string | null;
                            refunded: boolean;
                            createdAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                            durationMs: number | null;
                            outputs: {
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                kind: "image" | "video" | "audio" | "report";
                                name: string;
                                contentType: string;
                                size: number;
                                /** @description A signed link (inline) to what the app shows: the original file when the viewer may download (canDownload), otherwise the reduced, watermarked preview */
                                previewUrl: string;
                                /** @description True when previewUrl is the reduced, watermarked preview rather than the original file */
                                preview: boolean;
                            }[];
                            summary: {
                                [key: string]: unknown;
                            } | null;
                            canDownload: boolean;
                        };
                        message?: string;
                    };
                };
            };
            /** @description The request is invalid (VALIDATION_ERROR names each field in error.details) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "email: Enter a valid e-mail address",
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "details": [
                     *           {
                     *             "field": "email",
                     *             "message": "Enter a valid e-mail address"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not enough credits (error.meta holds balance and cost) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Insufficient credits: this needs 5 credits and your balance is 2",
                     *       "error": {
                     *         "code": "INSUFFICIENT_CREDITS",
                     *         "meta": {
                     *           "balance": 2,
                     *           "cost": 5
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not allowed for this account, role or API key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "You need ADMIN privileges to do this",
                     *       "error": {
                     *         "code": "FORBIDDEN"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Job not found",
                     *       "error": {
                     *         "code": "NOT_FOUND"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "This job is still running; delete it once it has finished",
                     *       "error": {
                     *         "code": "CONFLICT"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The request body is too large (max 1 MB)",
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Unsupported content type; send JSON with Content-Type: application/json",
                     *       "error": {
                     *         "code": "UNSUPPORTED_MEDIA_TYPE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Understood but cannot be processed (e.g. a file that cannot be decoded) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "This file could not be read as an image",
                     *       "error": {
                     *         "code": "UNPROCESSABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    "jobs.preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "service": "image-generator",
                 *       "params": {
                 *         "prompt": "a red fox in the snow at sunset"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    service: "ai-background" | "image-generator" | "virtual-try-on" | "speedpainting" | "sales-pilot" | "sound-generator";
                    /** @default {} */
                    params?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "service": "image-generator",
                         *       "checked": true,
                         *       "headline": "Will draw: red fox, snow, sunset",
                         *       "willMake": [
                         *         "red fox",
                         *         "snow",
                         *         "sunset"
                         *       ],
                         *       "leftOut": [],
                         *       "refusal": null
                         *     }
                         */
                        data: {
                            /** @enum {string} */
                            service: "ai-background" | "image-generator" | "virtual-try-on" | "speedpainting" | "sales-pilot" | "sound-generator";
                            checked: boolean;
                            headline: string | null;
                            willMake: string[];
                            leftOut: string[];
                            refusal: {
                                message: string;
                                missing: string;
                                suggestions: string[];
                            } | null;
                        };
                        message?: string;
                    };
                };
            };
            /** @description The request is invalid (VALIDATION_ERROR names each field in error.details) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "email: Enter a valid e-mail address",
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "details": [
                     *           {
                     *             "field": "email",
                     *             "message": "Enter a valid e-mail address"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not allowed for this account, role or API key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "You need ADMIN privileges to do this",
                     *       "error": {
                     *         "code": "FORBIDDEN"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The request body is too large (max 1 MB)",
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Unsupported content type; send JSON with Content-Type: application/json",
                     *       "error": {
                     *         "code": "UNSUPPORTED_MEDIA_TYPE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    "jobs.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": "3f0b9a52-6c1e-4f7a-9a43-1c2d3e4f5a6b",
                         *       "service": "image-generator",
                         *       "status": "succeeded",
                         *       "progress": 1,
                         *       "params": {
                         *         "prompt": "a sailboat on a calm sea at dawn",
                         *         "aspectRatio": "16:9",
                         *         "style": "watercolor",
                         *         "numberOfImages": 1
                         *       },
                         *       "cost": 1,
                         *       "engine": {
                         *         "kind": "builtin",
                         *         "label": "Built-in image engine"
                         *       },
                         *       "error": null,
                         *       "refunded": false,
                         *       "createdAt": "2026-11-25T10:00:00.000Z",
                         *       "startedAt": "2026-11-25T10:00:00.412Z",
                         *       "finishedAt": "2026-11-25T10:00:02.908Z",
                         *       "durationMs": 2496,
                         *       "outputs": [
                         *         {
                         *           "id": "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a",
                         *           "kind": "image",
                         *           "name": "image-1.png",
                         *           "contentType": "image/png",
                         *           "size": 482113,
                         *           "previewUrl": "https://lumen.example/api/v1/files/eyJrIjoiam9icy8uLi4ifQ.sig",
                         *           "preview": false
                         *         }
                         *       ],
                         *       "summary": {
                         *         "style": "watercolor",
                         *         "aspectRatio": "16:9",
                         *         "seed": 1842
                         *       },
                         *       "canDownload": true
                         *     }
                         */
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            service: "ai-background" | "image-generator" | "virtual-try-on" | "speedpainting" | "sales-pilot" | "sound-generator";
                            /** @enum {string} */
                            status: "queued" | "running" | "at_provider" | "succeeded" | "failed";
                            progress: number;
                            params: {
                                [key: string]: unknown;
                            };
                            cost: number;
                            engine: {
                                /** @enum {string} */
                                kind: "builtin" | "remote";
                                label: string;
                            };
                            error: string | null;
                            refunded: boolean;
                            createdAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                            durationMs: number | null;
                            outputs: {
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                kind: "image" | "video" | "audio" | "report";
                                name: string;
                                contentType: string;
                                size: number;
                                /** @description A signed link (inline) to what the app shows: the original file when the viewer may download (canDownload), otherwise the reduced, watermarked preview */
                                previewUrl: string;
                                /** @description True when previewUrl is the reduced, watermarked preview rather than the original file */
                                preview: boolean;
                            }[];
                            summary: {
                                [key: string]: unknown;
                            } | null;
                            canDownload: boolean;
                        };
                        message?: string;
                    };
                };
            };
            /** @description The request is invalid (VALIDATION_ERROR names each field in error.details) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "email: Enter a valid e-mail address",
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "details": [
                     *           {
                     *             "field": "email",
                     *             "message": "Enter a valid e-mail address"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Job not found",
                     *       "error": {
                     *         "code": "NOT_FOUND"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A value in the path is longer than the server takes */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "A value in the address is too long (at most 1000 characters)",
                     *       "error": {
                     *         "code": "BAD_REQUEST"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    "jobs.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: null;
                        message?: string;
                    };
                };
            };
            /** @description The request is invalid (VALIDATION_ERROR names each field in error.details) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "email: Enter a valid e-mail address",
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "details": [
                     *           {
                     *             "field": "email",
                     *             "message": "Enter a valid e-mail address"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Job not found",
                     *       "error": {
                     *         "code": "NOT_FOUND"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "This job is still running; delete it once it has finished",
                     *       "error": {
                     *         "code": "CONFLICT"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The request body is too large (max 1 MB)",
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A value in the path is longer than the server takes */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "A value in the address is too long (at most 1000 characters)",
                     *       "error": {
                     *         "code": "BAD_REQUEST"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Unsupported content type; send JSON with Content-Type: application/json",
                     *       "error": {
                     *         "code": "UNSUPPORTED_MEDIA_TYPE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    "jobs.streamEvents": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-Sent Events: 'job' events, each with the job as JSON */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description The request is invalid (VALIDATION_ERROR names each field in error.details) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "email: Enter a valid e-mail address",
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "details": [
                     *           {
                     *             "field": "email",
                     *             "message": "Enter a valid e-mail address"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Job not found",
                     *       "error": {
                     *         "code": "NOT_FOUND"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A value in the path is longer than the server takes */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "A value in the address is too long (at most 1000 characters)",
                     *       "error": {
                     *         "code": "BAD_REQUEST"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    "jobs.cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": "3f0b9a52-6c1e-4f7a-9a43-1c2d3e4f5a6b",
                         *       "service": "image-generator",
                         *       "status": "succeeded",
                         *       "progress": 1,
                         *       "params": {
                         *         "prompt": "a sailboat on a calm sea at dawn",
                         *         "aspectRatio": "16:9",
                         *         "style": "watercolor",
                         *         "numberOfImages": 1
                         *       },
                         *       "cost": 1,
                         *       "engine": {
                         *         "kind": "builtin",
                         *         "label": "Built-in image engine"
                         *       },
                         *       "error": null,
                         *       "refunded": false,
                         *       "createdAt": "2026-11-25T10:00:00.000Z",
                         *       "startedAt": "2026-11-25T10:00:00.412Z",
                         *       "finishedAt": "2026-11-25T10:00:02.908Z",
                         *       "durationMs": 2496,
                         *       "outputs": [
                         *         {
                         *           "id": "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a",
                         *           "kind": "image",
                         *           "name": "image-1.png",
                         *           "contentType": "image/png",
                         *           "size": 482113,
                         *           "previewUrl": "https://lumen.example/api/v1/files/eyJrIjoiam9icy8uLi4ifQ.sig",
                         *           "preview": false
                         *         }
                         *       ],
                         *       "summary": {
                         *         "style": "watercolor",
                         *         "aspectRatio": "16:9",
                         *         "seed": 1842
                         *       },
                         *       "canDownload": true
                         *     }
                         */
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            service: "ai-background" | "image-generator" | "virtual-try-on" | "speedpainting" | "sales-pilot" | "sound-generator";
                            /** @enum {string} */
                            status: "queued" | "running" | "at_provider" | "succeeded" | "failed";
                            progress: number;
                            params: {
                                [key: string]: unknown;
                            };
                            cost: number;
                            engine: {
                                /** @enum {string} */
                                kind: "builtin" | "remote";
                                label: string;
                            };
                            error: string | null;
                            refunded: boolean;
                            createdAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                            durationMs: number | null;
                            outputs: {
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                kind: "image" | "video" | "audio" | "report";
                                name: string;
                                contentType: string;
                                size: number;
                                /** @description A signed link (inline) to what the app shows: the original file when the viewer may download (canDownload), otherwise the reduced, watermarked preview */
                                previewUrl: string;
                                /** @description True when previewUrl is the reduced, watermarked preview rather than the original file */
                                preview: boolean;
                            }[];
                            summary: {
                                [key: string]: unknown;
                            } | null;
                            canDownload: boolean;
                        };
                        message?: string;
                    };
                };
            };
            /** @description The request is invalid (VALIDATION_ERROR names each field in error.details) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "email: Enter a valid e-mail address",
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "details": [
                     *           {
                     *             "field": "email",
                     *             "message": "Enter a valid e-mail address"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not allowed for this account, role or API key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "You need ADMIN privileges to do this",
                     *       "error": {
                     *         "code": "FORBIDDEN"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Job not found",
                     *       "error": {
                     *         "code": "NOT_FOUND"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "This job is still running; delete it once it has finished",
                     *       "error": {
                     *         "code": "CONFLICT"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The request body is too large (max 1 MB)",
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A value in the path is longer than the server takes */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "A value in the address is too long (at most 1000 characters)",
                     *       "error": {
                     *         "code": "BAD_REQUEST"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Unsupported content type; send JSON with Content-Type: application/json",
                     *       "error": {
                     *         "code": "UNSUPPORTED_MEDIA_TYPE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    "jobs.retry": {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": "3f0b9a52-6c1e-4f7a-9a43-1c2d3e4f5a6b",
                         *       "service": "image-generator",
                         *       "status": "succeeded",
                         *       "progress": 1,
                         *       "params": {
                         *         "prompt": "a sailboat on a calm sea at dawn",
                         *         "aspectRatio": "16:9",
                         *         "style": "watercolor",
                         *         "numberOfImages": 1
                         *       },
                         *       "cost": 1,
                         *       "engine": {
                         *         "kind": "builtin",
                         *         "label": "Built-in image engine"
                         *       },
                         *       "error": null,
                         *       "refunded": false,
                         *       "createdAt": "2026-11-25T10:00:00.000Z",
                         *       "startedAt": "2026-11-25T10:00:00.412Z",
                         *       "finishedAt": "2026-11-25T10:00:02.908Z",
                         *       "durationMs": 2496,
                         *       "outputs": [
                         *         {
                         *           "id": "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a",
                         *           "kind": "image",
                         *           "name": "image-1.png",
                         *           "contentType": "image/png",
                         *           "size": 482113,
                         *           "previewUrl": "https://lumen.example/api/v1/files/eyJrIjoiam9icy8uLi4ifQ.sig",
                         *           "preview": false
                         *         }
                         *       ],
                         *       "summary": {
                         *         "style": "watercolor",
                         *         "aspectRatio": "16:9",
                         *         "seed": 1842
                         *       },
                         *       "canDownload": true
                         *     }
                         */
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            service: "ai-background" | "image-generator" | "virtual-try-on" | "speedpainting" | "sales-pilot" | "sound-generator";
                            /** @enum {string} */
                            status: "queued" | "running" | "at_provider" | "succeeded" | "failed";
                            progress: number;
                            params: {
                                [key: string]: unknown;
                            };
                            cost: number;
                            engine: {
                                /** @enum {string} */
                                kind: "builtin" | "remote";
                                label: string;
                            };
                            error: string | null;
                            refunded: boolean;
                            createdAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                            durationMs: number | null;
                            outputs: {
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                kind: "image" | "video" | "audio" | "report";
                                name: string;
                                contentType: string;
                                size: number;
                                /** @description A signed link (inline) to what the app shows: the original file when the viewer may download (canDownload), otherwise the reduced, watermarked preview */
                                previewUrl: string;
                                /** @description True when previewUrl is the reduced, watermarked preview rather than the original file */
                                preview: boolean;
                            }[];
                            summary: {
                                [key: string]: unknown;
                            } | null;
                            canDownload: boolean;
                        };
                        message?: string;
                    };
                };
            };
            /** @description The request is invalid (VALIDATION_ERROR names each field in error.details) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "email: Enter a valid e-mail address",
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "details": [
                     *           {
                     *             "field": "email",
                     *             "message": "Enter a valid e-mail address"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not enough credits (error.meta holds balance and cost) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Insufficient credits: this needs 5 credits and your balance is 2",
                     *       "error": {
                     *         "code": "INSUFFICIENT_CREDITS",
                     *         "meta": {
                     *           "balance": 2,
                     *           "cost": 5
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not allowed for this account, role or API key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "You need ADMIN privileges to do this",
                     *       "error": {
                     *         "code": "FORBIDDEN"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Job not found",
                     *       "error": {
                     *         "code": "NOT_FOUND"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "This job is still running; delete it once it has finished",
                     *       "error": {
                     *         "code": "CONFLICT"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The request body is too large (max 1 MB)",
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A value in the path is longer than the server takes */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "A value in the address is too long (at most 1000 characters)",
                     *       "error": {
                     *         "code": "BAD_REQUEST"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Unsupported content type; send JSON with Content-Type: application/json",
                     *       "error": {
                     *         "code": "UNSUPPORTED_MEDIA_TYPE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Understood but cannot be processed (e.g. a file that cannot be decoded) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "This file could not be read as an image",
                     *       "error": {
                     *         "code": "UNPROCESSABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    "jobs.download": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "url": "https://lumen.example/api/v1/files/eyJrIjoiam9icy8uLi4ifQ.sig",
                         *       "expiresAt": "2026-11-25T10:05:00.000Z"
                         *     }
                         */
                        data: {
                            url: string;
                            expiresAt: string;
                        };
                        message?: string;
                    };
                };
            };
            /** @description The request is invalid (VALIDATION_ERROR names each field in error.details) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "email: Enter a valid e-mail address",
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "details": [
                     *           {
                     *             "field": "email",
                     *             "message": "Enter a valid e-mail address"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not allowed for this account, role or API key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "You need ADMIN privileges to do this",
                     *       "error": {
                     *         "code": "FORBIDDEN"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Job not found",
                     *       "error": {
                     *         "code": "NOT_FOUND"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A value in the path is longer than the server takes */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "A value in the address is too long (at most 1000 characters)",
                     *       "error": {
                     *         "code": "BAD_REQUEST"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    "jobs.downloadOutput": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                outputId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "url": "https://lumen.example/api/v1/files/eyJrIjoiam9icy8uLi4ifQ.sig",
                         *       "expiresAt": "2026-11-25T10:05:00.000Z"
                         *     }
                         */
                        data: {
                            url: string;
                            expiresAt: string;
                        };
                        message?: string;
                    };
                };
            };
            /** @description The request is invalid (VALIDATION_ERROR names each field in error.details) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "email: Enter a valid e-mail address",
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "details": [
                     *           {
                     *             "field": "email",
                     *             "message": "Enter a valid e-mail address"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not allowed for this account, role or API key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "You need ADMIN privileges to do this",
                     *       "error": {
                     *         "code": "FORBIDDEN"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Job not found",
                     *       "error": {
                     *         "code": "NOT_FOUND"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A value in the path is longer than the server takes */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "A value in the address is too long (at most 1000 characters)",
                     *       "error": {
                     *         "code": "BAD_REQUEST"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    "uploads.create": {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description A png, jpeg or webp image (max 15 MB, 40 MP, at least 64×64), or with purpose transcript a .txt, .vtt or .srt file (max 1 MB)
                     */
                    file: Blob;
                    /**
                     * @description What the file is for
                     * @default image
                     * @enum {string}
                     */
                    purpose?: "image" | "transcript";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": "5b7c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4",
                         *       "purpose": "image",
                         *       "name": "portrait.jpg",
                         *       "contentType": "image/jpeg",
                         *       "size": 1843200,
                         *       "width": 1600,
                         *       "height": 2000,
                         *       "previewUrl": "https://lumen.example/api/v1/files/eyJrIjoidXBsb2Fkcy8uLi4ifQ.sig",
                         *       "createdAt": "2026-11-25T09:59:30.000Z"
                         *     }
                         */
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            purpose: "image" | "transcript";
                            name: string;
                            contentType: string;
                            size: number;
                            width?: number;
                            height?: number;
                            previewUrl: string;
                            createdAt: string;
                        };
                        message?: string;
                    };
                };
            };
            /** @description The request is invalid (VALIDATION_ERROR names each field in error.details) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "email: Enter a valid e-mail address",
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "details": [
                     *           {
                     *             "field": "email",
                     *             "message": "Enter a valid e-mail address"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Not signed in, or the token or API key is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Please sign in to continue",
                     *       "error": {
                     *         "code": "UNAUTHORIZED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The request body is too large (max 1 MB)",
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Unsupported content type; send JSON with Content-Type: application/json",
                     *       "error": {
                     *         "code": "UNSUPPORTED_MEDIA_TYPE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Understood but cannot be processed (e.g. a file that cannot be decoded) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "This file could not be read as an image",
                     *       "error": {
                     *         "code": "UNPROCESSABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "Too many requests. Please try again in 30 seconds.",
                     *       "error": {
                     *         "code": "RATE_LIMITED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description A service it needs (the database, a provider) is unreachable for the moment */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "message": "The service is temporarily unavailable. Please try again in a moment.",
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        message: string;
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_ERROR" | "BAD_REQUEST" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "INTERNAL";
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            meta?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
}
