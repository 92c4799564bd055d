// The Apple Health parser, health metrics and calendar days live in the HealthData module, shared
// with HomeOS; Sentinel's users see them as part of Sentinel, as before the module was split out.
@_exported import HealthData
