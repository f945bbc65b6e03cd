{{/* Names, labels and the image shared by every template. */}}

{{- define "kuppet.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* The release-specific prefix of every object name. */}}
{{- define "kuppet.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "kuppet.controllerName" -}}
{{- printf "%s-controller" (include "kuppet.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "kuppet.agentName" -}}
{{- printf "%s-agent" (include "kuppet.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* The controller's content endpoint: its headless Service and TLS. */}}
{{- define "kuppet.contentName" -}}
{{- printf "%s-content" (include "kuppet.controllerName" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "kuppet.contentHost" -}}
{{- printf "%s.%s.svc" (include "kuppet.contentName" .) .Release.Namespace -}}
{{- end -}}

{{- define "kuppet.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "kuppet.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* Selector labels of one component: controller or agent. */}}
{{- define "kuppet.selectorLabels" -}}
app.kubernetes.io/name: {{ include "kuppet.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "kuppet.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}
